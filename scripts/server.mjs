// The app's server: Next's documented custom-server API (`next()`, `getRequestHandler()`), doing only what must happen
// at the socket, before Next sees a request (README "Architecture", "Deploying"):
//   - the address rate limits count: the socket's, written into x-client-ip in place of whatever the visitor sent
//     (lib/rate-limit/client-address.ts; behind a reverse proxy TRUSTED_PROXY_HOPS reads X-Forwarded-For instead);
//   - a request id (x-request-id: kept when the proxy in front gave one that looks like one, else new), echoed on the
//     answer and put on every log line written while the request runs (lib/log);
//   - a graceful stop: SIGTERM/SIGINT stop accepting, let requests in flight finish, close the database, exit 0;
//   - in production, the start checks: a missing or malformed AUTH_SECRET or GATE_PIN_KEY stops the start, naming it.
// Everything else is Next's (caching, compression, headers: next.config.ts, proxy.ts) or the reverse proxy's
// (deploy/nginx: TLS, Brotli, body caps, access log, an HTTP cache). `npm start`, `npm run dev`, the e2e servers, the
// bench and the Docker image all run this file, from the project folder, with PORT (3000) and HOST (every interface).
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import pino from 'pino';
import { loggerOptions } from '../lib/log/options.mjs';
import { requestContext, requestIdFor } from './server/request-context.mjs';
import { AuthSecretError, resolveAuthSecret } from './server/auth-secret.mjs';
import { GatePinKeyError, resolveGatePinKey } from './server/gate-pin-key.mjs';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const production = !dev && process.env.NODE_ENV === 'production';
const port = Number(process.env.PORT || 3000);
// Not 127.0.0.1: next-intl's rewrites loop on it; localhost or every interface.
const hostname = process.env.HOST && process.env.HOST !== '127.0.0.1' ? process.env.HOST : undefined;
const shutdownMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 25_000);

/** In production the server's own lines go through the app's logger settings (lib/log/options.mjs): the same JSON. */
const logger = production ? pino(loggerOptions(process.env.LOG_LEVEL || 'info')) : null;
function say(level, msg) {
  if (logger) logger[level](msg);
  else (level === 'info' ? process.stdout : process.stderr).write(`${msg}\n`);
}

// A production start without a usable secret stops here, naming it, rather than failing at the first sign-in or link.
if (production) {
  try {
    process.env.AUTH_SECRET = resolveAuthSecret(process.env, dir);
    process.env.GATE_PIN_KEY = resolveGatePinKey(process.env, dir);
  } catch (err) {
    if (!(err instanceof AuthSecretError) && !(err instanceof GatePinKeyError)) throw err;
    say('error', err.message);
    process.exit(1);
  }
}

// quiet in production: Next would also print each error it catches, as plain text; instrumentation.ts logs it once, as
// JSON with the request id (onRequestError), so every line a production server writes is JSON.
const app = next({ dev, dir, hostname: hostname ?? 'localhost', port, quiet: production });
await app.prepare();
const handle = app.getRequestHandler();

let inFlight = 0;
let draining = false;

const server = http.createServer((req, res) => {
  const requestId = requestIdFor(req);
  req.headers['x-request-id'] = requestId;
  // The address rate limits count: the socket's, never a header the visitor wrote.
  req.headers['x-client-ip'] = req.socket.remoteAddress ?? 'unknown';
  res.setHeader('X-Request-Id', requestId);
  if (draining) res.setHeader('Connection', 'close');
  inFlight++;
  res.on('close', () => {
    inFlight--;
  });
  requestContext.run({ requestId }, () => {
    handle(req, res).catch((err) => {
      say('error', `server: request failed: ${err?.stack ?? err}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error\n');
      } else res.destroy();
    });
  });
});
// Longer than the reverse proxy keeps an idle connection to the app (deploy/nginx/nginx.conf, upstream keepalive_timeout).
server.keepAliveTimeout = 5_000;
// A port that cannot be taken ends the process (exit 1) instead of leaving it up without listening.
server.on('error', (err) => {
  say('error', `server: cannot listen on ${hostname ?? '*'}:${port}: ${err.message}`);
  process.exit(1);
});
server.listen(port, hostname, () => say('info', production ? `ready on http://${hostname ?? 'localhost'}:${port}` : `✓ Ready on http://${hostname ?? 'localhost'}:${port}`));

async function shutdown(signal) {
  if (draining) return;
  draining = true;
  say('info', `server: ${signal} received, finishing ${inFlight} request(s)`);
  server.close();
  server.closeIdleConnections();
  const deadline = Date.now() + shutdownMs;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (inFlight > 0) say('warn', `server: ${inFlight} request(s) cut off after ${shutdownMs} ms`);
  server.closeAllConnections();
  await app.close().catch((err) => say('error', `server: next close failed: ${err}`));
  // The app's database (lib/db registers its closer): PGlite must be closed to flush its files.
  await globalThis[Symbol.for('pss.closeDatabase')]?.().catch((err) => say('error', `server: database close failed: ${err}`));
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
