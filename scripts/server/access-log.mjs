// One line per request in production, when its answer is finished or the connection drops: request id, method, path,
// status, duration. The query string is left out (emailed links carry their tokens there), and so are the address,
// the user agent and the cookies: the line says what was asked and how it went, never who asked.
import { jsonLine } from './json-console.mjs';

export function pathOnly(url) {
  const raw = url ?? '/';
  const cut = raw.search(/[?#]/);
  return (cut === -1 ? raw : raw.slice(0, cut)).slice(0, 512);
}

export function logAccess(req, res, requestId, write = (line) => process.stdout.write(line)) {
  const started = process.hrtime.bigint();
  res.once('close', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    write(
      jsonLine('info', ['request'], {
        reqId: requestId,
        method: req.method,
        path: pathOnly(req.url),
        // A connection that dropped before the answer was sent has no status worth trusting.
        status: res.writableFinished ? res.statusCode : 499,
        ms: Math.round(ms * 10) / 10,
      }),
    );
  });
}
