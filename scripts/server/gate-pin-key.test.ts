import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeGatePinKey, GatePinKeyError, resolveGatePinKey } from './gate-pin-key.mjs';

const roots: string[] = [];
const tempRoot = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-pinkey-'));
  roots.push(dir);
  return dir;
};
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

const PG = 'postgres://app@db.internal:5432/pss';
const env = (e: Record<string, string>) => e as unknown as NodeJS.ProcessEnv;
const KEY = Buffer.alloc(32, 9).toString('base64');

describe('the gate-PIN key at start-up', () => {
  it('uses GATE_PIN_KEY when it is 32 bytes as base64 or hex', () => {
    expect(resolveGatePinKey(env({ GATE_PIN_KEY: KEY, DATABASE_URL: PG, NODE_ENV: 'production' }), tempRoot())).toBe(KEY);
    expect(decodeGatePinKey('ab'.repeat(32))?.length).toBe(32);
  });

  it('stops a start whose GATE_PIN_KEY is not 32 bytes, naming it', () => {
    expect(() => resolveGatePinKey(env({ GATE_PIN_KEY: 'too-short', NODE_ENV: 'production' }), tempRoot())).toThrowError(GatePinKeyError);
    expect(() => resolveGatePinKey(env({ GATE_PIN_KEY: Buffer.alloc(16).toString('base64') }), tempRoot())).toThrowError(/GATE_PIN_KEY must be 32 random bytes/);
  });

  it('refuses a production start on PostgreSQL without GATE_PIN_KEY, and writes nothing to the disk', () => {
    const root = tempRoot();
    expect(() => resolveGatePinKey(env({ DATABASE_URL: PG, NODE_ENV: 'production' }), root)).toThrowError(/GATE_PIN_KEY is required in production on PostgreSQL/);
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('on the embedded database, generates one beside the data once and keeps it', () => {
    const root = tempRoot();
    const first = resolveGatePinKey(env({ NODE_ENV: 'production', PGLITE_DIR: 'store/pglite' }), root);
    expect(decodeGatePinKey(first)?.length).toBe(32);
    expect(fs.readFileSync(path.join(root, 'store', 'gate-pin-key'), 'utf8').trim()).toBe(first);
    expect(resolveGatePinKey(env({ NODE_ENV: 'production', PGLITE_DIR: 'store/pglite' }), root)).toBe(first);
  });
});
