// The secret that signs staff sessions and every emailed link (README "Deploying", "Secrets"). Shared by `npm start`
// (scripts/lib.mjs) and the production server (scripts/server.mjs), which the image runs on its own.
//   - AUTH_SECRET set: used, if it is at least 32 characters; shorter stops the start with the variable's name.
//   - unset on the embedded database: generated once into the data folder, beside the data it protects, so a copy
//     of the folder keeps every link valid.
//   - unset on PostgreSQL in production: the start stops. A secret generated on a server's disk would differ between
//     servers and vanish at the next deploy, and with it every link already emailed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const MIN_AUTH_SECRET_LENGTH = 32;

export class AuthSecretError extends Error {}

/** Returns the secret to use, or throws AuthSecretError with a message that names the variable. */
export function resolveAuthSecret(env, root) {
  const given = env.AUTH_SECRET?.trim();
  if (given) {
    if (given.length < MIN_AUTH_SECRET_LENGTH) {
      throw new AuthSecretError(`AUTH_SECRET is too short: at least ${MIN_AUTH_SECRET_LENGTH} characters are required (e.g. \`openssl rand -base64 32\`).`);
    }
    return given;
  }
  const onPostgres = /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '');
  if (onPostgres && env.NODE_ENV === 'production') {
    throw new AuthSecretError(
      'AUTH_SECRET is required in production on PostgreSQL: set the same value (at least 32 characters) on every server and keep it across releases, or every emailed link stops working.',
    );
  }
  const dataDir = path.dirname(path.resolve(root, env.PGLITE_DIR || '.data/pglite'));
  const file = path.join(dataDir, 'auth-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}
