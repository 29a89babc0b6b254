import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthSecretError, resolveAuthSecret } from './auth-secret.mjs';

const roots: string[] = [];
const tempRoot = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-secret-'));
  roots.push(dir);
  return dir;
};
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

const PG = 'postgres://app@db.internal:5432/pss';
const env = (e: Record<string, string>) => e as unknown as NodeJS.ProcessEnv;

describe('the sign-in and link secret at start-up', () => {
  it('uses AUTH_SECRET when it is long enough', () => {
    const secret = 'x'.repeat(32);
    expect(resolveAuthSecret(env({ AUTH_SECRET: secret, DATABASE_URL: PG, NODE_ENV: 'production' }), tempRoot())).toBe(secret);
  });

  it('stops a start whose AUTH_SECRET is shorter than 32 characters, naming it', () => {
    expect(() => resolveAuthSecret(env({ AUTH_SECRET: 'x'.repeat(31), NODE_ENV: 'production' }), tempRoot())).toThrowError(AuthSecretError);
    expect(() => resolveAuthSecret(env({ AUTH_SECRET: 'short', NODE_ENV: 'development' }), tempRoot())).toThrowError(/AUTH_SECRET is too short/);
  });

  it('stops a production start on PostgreSQL without AUTH_SECRET, and writes nothing to the disk', () => {
    const root = tempRoot();
    expect(() => resolveAuthSecret(env({ DATABASE_URL: PG, NODE_ENV: 'production' }), root)).toThrowError(/AUTH_SECRET is required in production on PostgreSQL/);
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('on the embedded database, generates one beside the data once and keeps it', () => {
    const root = tempRoot();
    const first = resolveAuthSecret(env({ NODE_ENV: 'production', PGLITE_DIR: 'store/pglite' }), root);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(root, 'store', 'auth-secret'), 'utf8')).toBe(first);
    expect(resolveAuthSecret(env({ NODE_ENV: 'production', PGLITE_DIR: 'store/pglite' }), root)).toBe(first);
  });

  it('outside production on PostgreSQL (tests, development) still generates one', () => {
    const root = tempRoot();
    expect(resolveAuthSecret(env({ DATABASE_URL: PG, NODE_ENV: 'development' }), root).length).toBeGreaterThanOrEqual(32);
  });
});
