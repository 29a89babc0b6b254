// GET /api/quote answered without Next's router (issue 23, README "Performance"). A new quote costs well under a
// millisecond of pricing, but about a millisecond of Next's routing and route-handler machinery around it, so a busy
// server answered a few hundred a second with p99 far over the 20 ms budget. The app registers the function its own
// route answers with (lib/cache/quote-answer.ts, through globalThis: the app is compiled into Next's module graph);
// this server calls it after its edge checks, the body cap and the replay cache, and writes its answer with the
// headers the route would send. Everything else goes to Next unchanged:
//   - a `promo` query (rate limited per address: the app's function declines it), another method, any other path
//     (`/api/quote/` and encoded variants included), a server whose app has not registered the function;
//   - a query whose answer failed (the database is away): Next's route answers it again and its failure is logged
//     with the request id by instrumentation.ts, as for every route.

const KEY = Symbol.for('pss.quoteFastPath');
export const QUOTE_PATH = '/api/quote';
/**
 * What Next adds to every app route's answer, sent alike so a shared cache treats both answers the same. Next also
 * gzips when asked; these answers are not: 100–400 bytes fit one packet either way, and gzip would cost more CPU than
 * the pricing (about 55 µs for 110 bytes saved; compression's own threshold, 1 kB, skips bodies this small whenever
 * their length is known, which Next's streamed answers never tell it).
 */
export const NEXT_ROUTE_HEADERS = { Vary: 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding' };

/** The app's quote function when it may answer `req` (GET or HEAD of exactly /api/quote), else null. */
export function quoteFastPathFor(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  if ((q === -1 ? url : url.slice(0, q)) !== QUOTE_PATH) return null;
  const fastPath = globalThis[KEY];
  return typeof fastPath === 'function' ? fastPath : null;
}

/**
 * Answers `req` with `fastPath` (from quoteFastPathFor). Resolves true when it answered, false when Next must
 * (nothing was written then).
 */
export async function answerQuote(req, res, fastPath) {
  let answer;
  try {
    // Parsed as Next parses it for the route (request.nextUrl.searchParams).
    answer = await fastPath(new URL(req.url ?? '/', 'http://localhost').searchParams);
  } catch {
    return false;
  }
  if (!answer) return false;
  res.writeHead(answer.status, { ...NEXT_ROUTE_HEADERS, ...answer.headers, 'Content-Length': String(Buffer.byteLength(answer.body)) });
  res.end(req.method === 'HEAD' ? undefined : answer.body);
  return true;
}
