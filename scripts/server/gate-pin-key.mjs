// The key that encrypts gate PINs (docs/product-rules.md#identity-and-gate-access). Shared by `npm start`
// (scripts/lib.mjs) and the production server (scripts/server.mjs), like auth-secret.mjs.
//   - GATE_PIN_KEY set: 32 bytes as base64 or hex (`openssl rand -base64 32`); anything else stops the start.
//   - unset on the embedded database: generated once into the data folder, beside the data it protects.
//   - unset on PostgreSQL in production: the start stops. A key generated on one server's disk would differ between
//     servers and vanish at the next deploy, and every PIN already issued could no longer be read.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class GatePinKeyError extends Error {}

/** 32 bytes from base64, base64url or hex; null when the text is none of them. */
export function decodeGatePinKey(text) {
  const t = String(text ?? '').trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (b.length === 32) return b;
  }
  return null;
}

/** Returns the key text to use, or throws GatePinKeyError with a message that names the variable. */
export function resolveGatePinKey(env, root) {
  const given = env.GATE_PIN_KEY?.trim();
  if (given) {
    if (!decodeGatePinKey(given)) throw new GatePinKeyError('GATE_PIN_KEY must be 32 random bytes as base64 or hex (e.g. `openssl rand -base64 32`).');
    return given;
  }
  const onPostgres = /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '');
  if (onPostgres && env.NODE_ENV === 'production') {
    throw new GatePinKeyError(
      'GATE_PIN_KEY is required in production on PostgreSQL: set the same value (32 bytes, `openssl rand -base64 32`) on every server and keep it across releases, or no gate PIN already issued can be read.',
    );
  }
  const dataDir = path.dirname(path.resolve(root, env.PGLITE_DIR || '.data/pglite'));
  const file = path.join(dataDir, 'gate-pin-key');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}
