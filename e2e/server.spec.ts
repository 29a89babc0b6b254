import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';

/**
 * The app's server itself (scripts/server.mjs: Next's custom-server API and what must happen at the socket), started
 * here on its own port from the e2e build, with a database that cannot be reached: the address rate limits count, the
 * request id on the answer and on the app's JSON log lines, a graceful stop, and the start checks of the secrets.
 * What the reverse proxy in front does (refusals, body caps, access log, compression, its cache) is e2e/proxy.spec.ts.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 88;
const ROOT = process.cwd();
let server: ChildProcess;
let output = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = spawn(process.execPath, ['scripts/server.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      SITE_URL: `http://localhost:${PORT}`,
      AUTH_SECRET: 'server-spec-secret-that-is-long-enough-0123456789',
      GATE_PIN_KEY: Buffer.alloc(32, 1).toString('base64'),
      // Nothing listens there: the health check fails and logs why.
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing',
      JOBS_SCHEDULER: 'off',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c) => (output += c));
  server.stderr!.on('data', (c) => (output += c));
  await expect.poll(() => output.includes('ready on'), { timeout: 60_000 }).toBe(true);
});

test.afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
});

/** A raw request, so nothing in between rewrites a malformed address or an unusual method. */
function raw(method: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    // A fresh connection each time (agent: false): one refused request must not decide how the next one goes.
    const req = http.request({ host: '127.0.0.1', port: PORT, agent: false, method, path: pathAndQuery, headers: { host: `localhost:${PORT}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a visitor cannot choose the address the rate limits count: a new X-Forwarded-For each time does not help', async () => {
  // Promo checks allow 20 per 10 minutes per address (docs/product-rules.md#holds). The database is away, so each
  // allowed attempt fails later (500), and the limit falls back to this server's own memory: still one address.
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) {
    const answer = await raw('GET', `/api/quote?unit=m&term=6m&insurance=0&customer=individual&payment=card&promo=GUESS${i}`, { 'x-forwarded-for': `198.51.100.${i}`, 'x-client-ip': `203.0.113.${i}` });
    statuses.push(answer.status);
    if (answer.status === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  }
  expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
  expect(statuses[20]).toBe(429);
});

test('the request id a load balancer gives is kept and echoed', async () => {
  const answer = await raw('GET', '/api/quote?unit=', { 'x-request-id': 'lb-given-request-id-1' });
  expect(answer.status).toBe(400);
  expect(answer.headers['x-request-id']).toBe('lb-given-request-id-1');
});

test('every log line is JSON and carries the id of the request it was written for', async () => {
  const answer = await raw('GET', '/api/health');
  expect(answer.status).toBe(503);
  expect(JSON.parse(answer.body)).toEqual({ status: 'error', database: { status: 'down' } });
  const id = answer.headers['x-request-id'] as string;
  await expect.poll(() => output.includes(id), { timeout: 10_000 }).toBe(true);
  const line = output.split('\n').find((l) => l.includes(id) && l.includes('health: database check failed'))!;
  expect(JSON.parse(line)).toMatchObject({ level: 'error', reqId: id, msg: 'health: database check failed' });
  // The server's own lines are JSON too (Next prints one plain note of its own when it reads next.config.ts).
  expect(JSON.parse(output.split('\n').find((l) => l.includes('ready on'))!)).toMatchObject({ level: 'info', msg: `ready on http://localhost:${PORT}` });
  for (const l of output.split('\n').filter((x) => x.trim() && !x.includes('Running next.config'))) expect(() => JSON.parse(l), l).not.toThrow();
});

/** The JSON lines the server printed for one request id. */
const linesFor = (id: string) =>
  output
    .split('\n')
    .filter((l) => l.includes(id))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

test('an error Next catches while rendering is logged once with the request id (onRequestError), without the query', async () => {
  const answer = await raw('GET', '/my-booking/BF2-ABCDEFGH?token=secret-token-value');
  expect(answer.status).toBeGreaterThanOrEqual(400);
  const id = answer.headers['x-request-id'] as string;
  await expect.poll(() => linesFor(id).some((l) => l.msg === 'request failed'), { timeout: 10_000 }).toBe(true);
  const failed = linesFor(id).find((l) => l.msg === 'request failed')!;
  expect(failed).toMatchObject({ level: 'error', reqId: id, method: 'GET', path: '/my-booking/BF2-ABCDEFGH' });
  expect(JSON.stringify(failed)).not.toContain('secret-token-value');
});

test('SIGTERM lets a request in flight finish, then the server exits 0', async () => {
  const finished = new Promise<number>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, method: 'POST', path: '/api/payment-proofs', headers: { host: `localhost:${PORT}`, 'content-type': 'multipart/form-data; boundary=XYZ', 'transfer-encoding': 'chunked' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.write('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n');
    // The rest of the body arrives after the stop signal.
    setTimeout(() => {
      req.write('hello\r\n--XYZ--\r\n');
      req.end();
    }, 1500);
  });
  await new Promise((r) => setTimeout(r, 500));
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  expect(await finished).toBe(400);
  expect(await exited).toBe(0);
  // New connections are refused once it is gone.
  await expect(raw('GET', '/api/health')).rejects.toThrow();
});

test('a production start on PostgreSQL without a usable AUTH_SECRET or GATE_PIN_KEY stops at once, naming it', async () => {
  for (const [secret, message, pinKey] of [
    [undefined, 'AUTH_SECRET is required in production on PostgreSQL', undefined],
    ['too-short', 'AUTH_SECRET is too short', undefined],
    // The gate-PIN key likewise (docs/product-rules.md#identity-and-gate-access).
    ['server-spec-secret-that-is-long-enough-0123456789', 'GATE_PIN_KEY is required in production on PostgreSQL', undefined],
    ['server-spec-secret-that-is-long-enough-0123456789', 'GATE_PIN_KEY must be 32 random bytes', 'short'],
  ] as const) {
    const child = spawn(process.execPath, ['scripts/server.mjs'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(PORT + 1),
        SITE_URL: `http://localhost:${PORT + 1}`,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing',
        ...(secret ? { AUTH_SECRET: secret } : {}),
        ...(pinKey ? { GATE_PIN_KEY: pinKey } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    child.stdout!.on('data', (c) => (said += c));
    child.stderr!.on('data', (c) => (said += c));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(said).toContain(message);
    expect(said).not.toContain('ready on');
  }
});
