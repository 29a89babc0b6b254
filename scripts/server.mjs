// The production (and development) server: Next's request handler behind a small edge of our own.
//   - every request gets an id (x-request-id), and every log line written while it runs carries it;
//   - x-client-ip is the socket's address, replacing whatever the visitor sent (lib/rate-limit/client-address.ts);
//   - malformed URLs and unusual methods are refused before Next, with the security headers (scripts/server/edge.mjs);
//   - bodies are capped per route as they arrive, chunked ones too (scripts/server/body-cap.mjs);
//   - cached public pages are replayed from memory (scripts/server/response-cache.mjs);
//   - outside `npm run dev`, GET /api/quote without a promo code is answered by the app's own quote function without Next's
//     router (scripts/server/quote-fast-path.mjs: the same answer, a fraction of the time);
//   - a cached page with the 'hashed' policy gets its inline scripts' hashes (scripts/server/inline-script-hashes.mjs);
//   - in production, one access-log line per request (scripts/server/access-log.mjs);
//   - SIGTERM/SIGINT stop accepting, let requests in flight finish, close the database, exit 0;
//   - on PostgreSQL, one such server process per core behind one port (scripts/server/cluster.mjs, WEB_CONCURRENCY):
//     this file is then the primary, which only starts, replaces and stops the workers, and each worker.
// Runs from the project folder (`npm start`, `npm run dev`, the e2e and bench servers) or from `.next/standalone`
// (the Docker image), with PORT (3000) and HOST (every interface) from the environment.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestContext, requestIdFor } from './server/request-context.mjs';
import { installJsonConsole, jsonLine } from './server/json-console.mjs';
import { baselineHeaders, refusal } from './server/edge.mjs';
import { createResponseCache } from './server/response-cache.mjs';
import { createStaticBrotli } from './server/static-brotli.mjs';
import { hashInlineScripts } from './server/inline-script-hashes.mjs';
import { AuthSecretError, resolveAuthSecret } from './server/auth-secret.mjs';
import { GatePinKeyError, resolveGatePinKey } from './server/gate-pin-key.mjs';
import { logAccess } from './server/access-log.mjs';
import { capRequestBody } from './server/body-cap.mjs';
import { isWorker, superviseWorkers, workerCount, WebConcurrencyError } from './server/cluster.mjs';
import { answerQuote, quoteFastPathFor } from './server/quote-fast-path.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = process.env.NEXT_APP_DIR || path.resolve(here, '..');
const dev = process.argv.includes('--dev');
const production = !dev && process.env.NODE_ENV === 'production';
const port = Number(process.env.PORT || 3000);
// Not 127.0.0.1: next-intl's rewrites loop on it; localhost or every interface.
const hostname = process.env.HOST && process.env.HOST !== '127.0.0.1' ? process.env.HOST : undefined;
const shutdownMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 25_000);

if (production) installJsonConsole();

// A production start without a usable secret stops here, naming it, rather than failing at the first sign-in or link.
if (production) {
  try {
    process.env.AUTH_SECRET = resolveAuthSecret(process.env, dir);
    process.env.GATE_PIN_KEY = resolveGatePinKey(process.env, dir);
  } catch (err) {
    if (!(err instanceof AuthSecretError) && !(err instanceof GatePinKeyError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

// Decided once, in the process started: the workers inherit the environment (and the secrets resolved above).
let processes = { workers: 1, reason: '' };
try {
  processes = workerCount(process.env, { cores: os.availableParallelism(), dev });
} catch (err) {
  if (!(err instanceof WebConcurrencyError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const say = (level, message) => process[level === 'info' ? 'stdout' : 'stderr'].write(production ? jsonLine(level, [message]) : `${message}\n`);
if (processes.workers > 1 && !isWorker()) {
  say('info', `server: ${processes.workers} worker processes (${processes.reason})`);
  superviseWorkers({ workers: processes.workers, shutdownMs, say });
} else {
  if (processes.ignored) say('warn', `server: ${processes.reason}`);
  await serve();
}

async function serve() {
  // A production server runs with the configuration the build was made with (the build serializes it), as Next's own
  // standalone server does; in .next/standalone there is no next.config.ts at all.
  const builtConfig = path.join(dir, process.env.NEXT_DIST_DIR || '.next', 'required-server-files.json');
  if (!dev && fs.existsSync(builtConfig)) {
    process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(JSON.parse(fs.readFileSync(builtConfig, 'utf8')).config);
  }

  const { default: next } = await import('next');
  const app = next({ dev, dir, hostname: hostname ?? 'localhost', port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const headers = baselineHeaders({ production });
  const responseCache = createResponseCache({ ttlMs: dev ? 0 : Number(process.env.RESPONSE_CACHE_SECONDS ?? 10) * 1000 });
  const staticBrotli = dev ? null : createStaticBrotli({ staticDir: path.join(dir, process.env.NEXT_DIST_DIR || '.next', 'static') });
  staticBrotli?.warm();

  let inFlight = 0;
  let draining = false;

  const server = http.createServer((req, res) => {
    const requestId = requestIdFor(req);
    if (production) logAccess(req, res, requestId);
    res.setHeader('X-Request-Id', requestId);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (draining) res.setHeader('Connection', 'close');

    const refused = refusal(req);
    if (refused) {
      // The body of a refused request is never read, so the connection cannot carry another request: close it.
      res.writeHead(refused.status, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close', ...refused.headers });
      res.end(`${refused.text}\n`);
      return;
    }
    // Every body counted as it arrives, declared or chunked, and cut at its route's cap (scripts/server/body-cap.mjs).
    if (!capRequestBody(req, res)) return;
    // The address rate limits count: the socket's, never a header the visitor wrote.
    req.headers['x-client-ip'] = req.socket.remoteAddress ?? 'unknown';
    req.headers['x-request-id'] = requestId;

    if (staticBrotli?.serve(req, res)) return;
    if (responseCache.serve(req, res, { 'x-request-id': requestId })) return;

    inFlight++;
    res.on('close', () => {
      inFlight--;
    });
    requestContext.run({ requestId }, () => {
      responseCache.record(req, res);
      // After record(): the cache keeps the document with the policy made for its bytes.
      hashInlineScripts(res);
      // In development every quote goes through Next, so an edit to the quote code applies at once.
      const quote = dev ? null : quoteFastPathFor(req);
      (quote ? answerQuote(req, res, quote).then((answered) => answered || handle(req, res)) : handle(req, res)).catch((err) => {
        console.error('server: request failed', err);
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('Internal Server Error\n');
        } else res.destroy();
      });
    });
  });
  server.keepAliveTimeout = 5_000;
  // A port that cannot be taken ends the process (exit 1) instead of leaving it up without listening: Next's own
  // uncaught-exception handler would only log it, and the primary (scripts/server/cluster.mjs) could not tell.
  server.on('error', (err) => {
    console.error(`server: cannot listen on ${hostname ?? '*'}:${port}`, err);
    process.exit(1);
  });

  server.listen(port, hostname, () => {
    process.stdout.write(
      production
        ? jsonLine('info', [`ready on http://${hostname ?? 'localhost'}:${port}${isWorker() ? ` (worker ${process.pid})` : ''}`])
        : `✓ Ready on http://${hostname ?? 'localhost'}:${port}\n`,
    );
  });

  async function shutdown(signal) {
    if (draining) return;
    draining = true;
    console.log(`server: ${signal} received, finishing ${inFlight} request(s)`);
    server.close();
    server.closeIdleConnections();
    const deadline = Date.now() + shutdownMs;
    while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (inFlight > 0) console.warn(`server: ${inFlight} request(s) cut off after ${shutdownMs} ms`);
    server.closeAllConnections();
    await app.close().catch((err) => console.error('server: next close failed', err));
    // The app's database (lib/db registers its closer): PGlite must be closed to flush its files.
    await globalThis[Symbol.for('pss.closeDatabase')]?.().catch((err) => console.error('server: database close failed', err));
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
