import http from 'node:http';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { WebConcurrencyError, workerCount } from './cluster.mjs';

const PG = 'postgres://app@db.internal:5432/pss';
const env = (e: Record<string, string>) => e as unknown as NodeJS.ProcessEnv;

describe('how many server processes start', () => {
  it('is one per core on PostgreSQL', () => {
    expect(workerCount(env({ DATABASE_URL: PG }), { cores: 4 }).workers).toBe(4);
    expect(workerCount(env({ DATABASE_URL: 'postgresql://app@db/pss' }), { cores: 2 }).workers).toBe(2);
  });

  it('is what WEB_CONCURRENCY says on PostgreSQL, more or fewer than the cores', () => {
    expect(workerCount(env({ DATABASE_URL: PG, WEB_CONCURRENCY: '1' }), { cores: 8 }).workers).toBe(1);
    expect(workerCount(env({ DATABASE_URL: PG, WEB_CONCURRENCY: ' 3 ' }), { cores: 2 }).workers).toBe(3);
    expect(workerCount(env({ DATABASE_URL: PG, WEB_CONCURRENCY: '' }), { cores: 2 }).workers).toBe(2);
  });

  it('is always one on the embedded database, which one process alone can open, and says why', () => {
    expect(workerCount(env({}), { cores: 8 }).workers).toBe(1);
    const asked = workerCount(env({ WEB_CONCURRENCY: '4' }), { cores: 8 });
    expect(asked.workers).toBe(1);
    expect(asked).toMatchObject({ ignored: true, reason: expect.stringContaining('needs PostgreSQL') });
    expect(workerCount(env({ WEB_CONCURRENCY: '1' }), { cores: 8 }).ignored).toBeFalsy();
  });

  it('is one for the development server', () => {
    expect(workerCount(env({ DATABASE_URL: PG, WEB_CONCURRENCY: '4' }), { cores: 8, dev: true }).workers).toBe(1);
  });

  it('stops a start whose WEB_CONCURRENCY is not a whole number, naming it', () => {
    for (const bad of ['0', '-2', '2.5', 'auto', '1e3']) {
      expect(() => workerCount(env({ DATABASE_URL: PG, WEB_CONCURRENCY: bad }), { cores: 2 })).toThrowError(WebConcurrencyError);
    }
    expect(() => workerCount(env({ WEB_CONCURRENCY: 'max' }), { cores: 2 })).toThrowError(/WEB_CONCURRENCY.*"max"/);
  });
});

// The primary (superviseWorkers) over stand-in workers (test/fixtures/cluster-server.mjs): what a deployment relies on.
const FIXTURE = path.resolve(import.meta.dirname, '../../test/fixtures/cluster-server.mjs');
const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const started: ChildProcess[] = [];
afterEach(() => {
  for (const p of started.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
});

function start(extra: Record<string, string> = {}) {
  const proc = spawn(process.execPath, [FIXTURE], { env: { ...process.env, PORT: String(PORT), WORKERS: '2', ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(proc);
  const out = { text: '' };
  proc.stdout!.on('data', (c) => (out.text += c));
  proc.stderr!.on('data', (c) => (out.text += c));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, out, exited };
}

function get(p: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // A new connection each time (agent: false): the primary hands connections to the workers in turn.
    http.get({ host: '127.0.0.1', port: PORT, path: p, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

async function pidsAnswering(tries = 40): Promise<Set<string>> {
  const pids = new Set<string>();
  for (let i = 0; i < tries; i++) {
    try {
      pids.add(await get('/'));
    } catch {
      await new Promise((r) => setTimeout(r, 100)); // not listening yet
    }
  }
  return pids;
}

describe('the primary process', () => {
  it('answers through every worker on one port, and on SIGTERM lets a request in flight finish and exits 0', async () => {
    const { proc, out, exited } = start();
    expect((await pidsAnswering()).size).toBe(2);
    const slow = get('/slow');
    await expect.poll(() => out.text, { timeout: 5_000 }).toContain('slow request started');
    proc.kill('SIGTERM');
    expect(await slow).toMatch(/^slow \d+$/);
    expect(await exited).toBe(0);
  }, 20_000);

  it('starts another worker when one dies, so the server keeps all its processes', async () => {
    const { proc, out, exited } = start();
    const before = await pidsAnswering();
    expect(before.size).toBe(2);
    await get('/crash');
    await expect.poll(() => out.text, { timeout: 5_000 }).toContain('starting another');
    // Its successor starts after a second (it lived under ten), later still on a busy machine: asked until it answers.
    await expect
      .poll(async () => {
        const after = await pidsAnswering();
        return { processes: after.size, new: [...after].filter((p) => !before.has(p)).length };
      }, { timeout: 10_000, interval: 500 })
      .toEqual({ processes: 2, new: 1 });
    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 20_000);

  it('exits 1 when the workers cannot start, instead of starting them again forever', async () => {
    const { out, exited } = start({ FAIL_START: '1' });
    expect(await exited).toBe(1);
    expect(out.text).toContain('before the server was ready');
  }, 20_000);
});
