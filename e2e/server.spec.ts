import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';

/**
 * The production server itself (scripts/server.mjs), started here on its own port from the e2e build, with a database
 * that cannot be reached: what it refuses before Next, the headers on those refusals, JSON logs that carry the request
 * id, and a graceful stop (docs/product-rules.md#security-headers); and, on PostgreSQL, its several processes
 * (scripts/server/cluster.mjs, README "Deploying", "Processes").
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
      // One process: with the database away the rate limits fall back to the process's own memory, which the
      // rate-limit test below counts on (several processes are tested at the end).
      WEB_CONCURRENCY: '1',
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

const SECURITY = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security', 'x-request-id'];

test('a malformed address, an unusual method and an oversized body are refused before Next, with every security header', async () => {
  const answers = [
    [await raw('GET', '/%ZZ'), 400],
    [await raw('GET', '/faq?q=%00'), 400],
    [await raw('TRACE', '/'), 405],
    [await raw('PUT', '/api/quote'), 405],
    [await raw('POST', '/api/payment-proofs', { 'content-length': String(50 * 1024 * 1024), 'content-type': 'multipart/form-data; boundary=x' }), 413],
  ] as const;
  for (const [answer, status] of answers) {
    expect(answer.status).toBe(status);
    for (const h of SECURITY) expect(answer.headers[h], `${h} on ${status}`).toBeTruthy();
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  }
  expect(answers[2][0].headers.allow).toBe('GET, HEAD, POST, OPTIONS');
});

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
  // Next's own start-up lines are JSON too.
  for (const l of output.split('\n').filter((x) => x.trim())) expect(() => JSON.parse(l), l).not.toThrow();
});

/** The JSON lines the server printed for one request id. */
const linesFor = (id: string) =>
  output
    .split('\n')
    .filter((l) => l.includes(id))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

test('one access-log line per request: id, method, path without its query, status and duration, nothing about the visitor', async () => {
  const answer = await raw('GET', '/api/quote?unit=&token=secret-in-query', { 'user-agent': 'Visitor-Agent/1.0' });
  expect(answer.status).toBe(400);
  const id = answer.headers['x-request-id'] as string;
  await expect.poll(() => linesFor(id).some((l) => l.msg === 'request'), { timeout: 10_000 }).toBe(true);
  const access = linesFor(id).filter((l) => l.msg === 'request');
  expect(access).toHaveLength(1);
  expect(access[0]).toMatchObject({ level: 'info', reqId: id, method: 'GET', path: '/api/quote', status: 400 });
  expect(typeof access[0].ms).toBe('number');
  const text = JSON.stringify(access[0]);
  for (const secret of ['secret-in-query', 'Visitor-Agent', '127.0.0.1']) expect(text).not.toContain(secret);

  // Refusals before Next are logged too.
  const refused = await raw('TRACE', '/');
  expect(refused.status).toBe(405);
  const refusedId = refused.headers['x-request-id'] as string;
  await expect.poll(() => linesFor(refusedId).find((l) => l.msg === 'request')?.status, { timeout: 10_000 }).toBe(405);
});

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

test('on PostgreSQL it runs WEB_CONCURRENCY processes on one port: a dead one is replaced, SIGTERM stops them all, exit 0', async () => {
  test.setTimeout(300_000);
  const port = PORT + 2;
  const child = spawn(process.execPath, ['scripts/server.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      AUTH_SECRET: 'server-spec-secret-that-is-long-enough-0123456789',
      GATE_PIN_KEY: Buffer.alloc(32, 1).toString('base64'),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing',
      JOBS_SCHEDULER: 'off',
      NEXT_TELEMETRY_DISABLED: '1',
      WEB_CONCURRENCY: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stdout!.on('data', (c) => (said += c));
  child.stderr!.on('data', (c) => (said += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const workers = () => [...said.matchAll(/ready on \S+ \(worker (\d+)\)/g)].map((m) => Number(m[1]));
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  // A new connection each request (agent: false), so the primary hands them to the workers in turn.
  const quote = () =>
    new Promise<{ status: number; id: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, agent: false, path: '/api/quote?unit=', headers: { host: `localhost:${port}` }, timeout: 30_000 }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, id: String(res.headers['x-request-id']) }));
        })
        .on('timeout', () => reject(new Error('no answer in 30 s')))
        .on('error', reject);
    });
  try {
    await expect.poll(() => workers().length, { timeout: 90_000 }).toBe(2);
    const [first, second] = workers();
    expect(first).not.toBe(second);
    expect(said).toContain('2 worker processes (WEB_CONCURRENCY=2)');

    // Next answers in the workers (a quote without a unit is refused by the route: 400), each with its request id.
    for (let i = 0; i < 4; i++) expect((await quote()).status).toBe(400);

    // A worker that dies is replaced; meanwhile the other answers every request. (A connection handed to it in the
    // instant it died is lost with it, as with any server that crashes: the requests start once the primary knows.)
    process.kill(first, 'SIGKILL');
    await expect.poll(() => said, { timeout: 10_000 }).toContain(`worker ${first} exited (SIGKILL), starting another`);
    for (let i = 0; i < 4; i++) expect((await quote()).status).toBe(400);
    await expect.poll(() => workers().length, { timeout: 90_000 }).toBe(3);
    const third = workers()[2];
    expect(alive(third)).toBe(true);

    // Every line is still JSON, and a request's access line carries its id.
    const { id } = await quote();
    await expect.poll(() => said.split('\n').some((l) => l.includes(id) && l.includes('"msg":"request"')), { timeout: 10_000 }).toBe(true);
    for (const l of said.split('\n').filter((x) => x.trim())) expect(() => JSON.parse(l), l).not.toThrow();

    // SIGTERM to the primary (what a platform sends): each worker is told and drains (a request in flight finishing
    // is the test of one process above; the primary waiting for a draining worker, scripts/server/cluster.test.ts),
    // every process ends, exit 0. Bounded, so a server that does not stop fails here and is killed below.
    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('still running after 60 s'), 60_000))]);
    expect(code).toBe(0);
    expect(said.match(/SIGTERM received, finishing \d+ request/g)).toHaveLength(2);
    expect([second, third].filter(alive)).toEqual([]);
  } catch (err) {
    await test.info().attach('server.log', { body: said, contentType: 'text/plain' });
    throw err;
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    for (const pid of workers()) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
});
