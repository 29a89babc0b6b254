// Shared steps of `npm start`, `npm run dev` and `npm test`: install what is missing, generate the Prisma client,
// prepare the database, build when stale.
import { spawnSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AuthSecretError, resolveAuthSecret } from './server/auth-secret.mjs';
import { GatePinKeyError, resolveGatePinKey } from './server/gate-pin-key.mjs';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(ROOT);

// The same .env files Next reads, so migrations and seeds see the database the server will use. Real environment
// variables win, then .env.local, then .env.
for (const file of ['.env.local', '.env']) {
  if (fs.existsSync(path.join(ROOT, file))) process.loadEnvFile(path.join(ROOT, file));
}

export const baseEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  CHECKPOINT_DISABLE: '1',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};

export function run(cmd, args, { env = baseEnv, allowFail = false } = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env, cwd: ROOT });
  if (res.status !== 0 && !allowFail) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status || 1);
  }
  return res.status ?? 1;
}

export function bin(name) {
  return path.join(ROOT, 'node_modules', '.bin', name);
}

function mtime(p) {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

/** npm install when node_modules is missing or older than the lockfile (npm ci fails with this registry). */
export function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(marker) || mtime('package-lock.json') > mtime(marker) || mtime('package.json') > mtime(marker)) {
    console.log('• Installing dependencies (npm install)…');
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  }
}

export function ensurePrismaClient() {
  const out = path.join(ROOT, 'generated', 'prisma', 'client.ts');
  if (!fs.existsSync(out) || mtime('prisma/schema.prisma') > mtime(out)) {
    console.log('• Generating the Prisma client…');
    run(bin('prisma'), ['generate']);
  }
}

/** The sign-in and link secret (scripts/server/auth-secret.mjs); a missing one on PostgreSQL stops the start. */
export function ensureAuthSecret(env) {
  try {
    return resolveAuthSecret(env, ROOT);
  } catch (err) {
    if (!(err instanceof AuthSecretError)) throw err;
    console.error(`\n✖ ${err.message}`);
    process.exit(1);
  }
}

/** The gate-PIN key (scripts/server/gate-pin-key.mjs); a missing one on PostgreSQL in production stops the start. */
export function ensureGatePinKey(env) {
  try {
    return resolveGatePinKey(env, ROOT);
  } catch (err) {
    if (!(err instanceof GatePinKeyError)) throw err;
    console.error(`\n✖ ${err.message}`);
    process.exit(1);
  }
}

/** The environment `npm start` and `npm run dev` serve with: the mode, the port, its address and the sign-in secret. */
export function serverEnv(mode, port) {
  const env = {
    ...baseEnv,
    NODE_ENV: mode,
    PORT: port,
    SITE_URL: process.env.SITE_URL || `http://localhost:${port}`,
  };
  env.AUTH_SECRET = ensureAuthSecret(env);
  env.GATE_PIN_KEY = ensureGatePinKey(env);
  return env;
}

/** Checks the configuration, applies pending migrations and seeds what is missing (all idempotent). */
export function prepareDatabase(env) {
  console.log('• Checking the environment…');
  run(bin('tsx'), ['scripts/check-env.ts'], { env });
  console.log('• Migrating the database…');
  run(bin('tsx'), ['scripts/db/migrate.ts', 'deploy'], { env });
  console.log('• Seeding…');
  run(bin('tsx'), ['prisma/seed.ts'], { env });
}

const SOURCES = ['app', 'components', 'lib', 'messages', 'emails', 'public', 'prisma/schema.prisma', 'proxy.ts', 'instrumentation.ts', 'next.config.ts', 'scripts/compile-hints.mjs', 'package-lock.json', 'postcss.config.mjs', 'tsconfig.json'];

export function fingerprint(extra = '') {
  const hash = crypto.createHash('sha256').update(extra);
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p).sort()) walk(path.join(p, e));
    } else if (/\.test\.tsx?$/.test(p)) {
      // Tests are not part of the build: changing one reuses it.
      return;
    } else {
      hash.update(`${p}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  for (const s of SOURCES) walk(s);
  return hash.digest('hex');
}

/**
 * The fingerprint a build of these sources (and these public settings) is stamped with, or null when the last build
 * already carries it. `stamp()` records it once a build succeeded.
 */
export function staleBuild(env, { force = false } = {}) {
  const stampFile = path.join(ROOT, '.next', 'source-fingerprint');
  const fp = fingerprint(`${env.NEXT_PUBLIC_GTM_ID ?? ''}|${env.SITE_URL ?? ''}`);
  if (!force && fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID')) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === fp) {
    return null;
  }
  return { stamp: () => fs.writeFileSync(stampFile, fp) };
}

/** Builds unless the last build came from the same sources (and the same public settings). */
export function ensureBuild(env, { force = false } = {}) {
  const stale = staleBuild(env, { force });
  if (!stale) {
    console.log('• Production build is up to date.');
    return;
  }
  console.log('• Building (next build)…');
  run(bin('next'), ['build'], { env });
  stale.stamp();
}

/** Runs the site's server (scripts/server.mjs, Next's custom-server API; `--dev` for hot reload) until it exits or is interrupted. */
export function serve(env, port, { dev = false } = {}) {
  const child = spawn(process.execPath, ['scripts/server.mjs', ...(dev ? ['--dev'] : [])], { stdio: 'inherit', env: { ...env, PORT: String(port) }, cwd: ROOT });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
  return child;
}
