// A small in-memory cache of whole responses for the public pages Next serves from its own cache (ISR). Next answers
// a cached page in about 3.5 ms of CPU on a small server (locale proxy, router, cache read, streaming), a static file in
// a tenth of that; replaying the bytes it sent a moment ago makes a cached page as cheap as a file. What may be kept,
// and for how long, is decided by Next's own headers, so a page that renders per request is never kept:
//   - only GET/HEAD of a document (no RSC navigation, no server action), answered 200 with `s-maxage` and not
//     `private`/`no-store`, either fresh in Next's cache (`x-nextjs-cache` HIT or MISS, never STALE) or, for an API
//     answer, marked `public` by its route (the quote and unit-types APIs), setting no cookie but the language one;
//   - for RESPONSE_CACHE_SECONDS (10 s), and dropped at once when public data changes on this server or on another
//     one of the deployment (lib/platform/cache/revalidate.ts and lib/platform/cache/change-feed.ts call purge() through globalThis);
//   - when an entry lapses, one request goes to Next for its successor and the others are answered the lapsed copy
//     meanwhile, for at most GRACE_MS (5 s) past its time. Without this, every connection waiting at that moment
//     rendered the same page at once (twenty renders of the home page instead of one, measured in `npm run bench`).
//     A purge is never bridged this way: changed data drops the copies at once.
// Staleness therefore stays within the bound of docs/product-rules.md#caching (Next's 60 s expiry includes this).
// The key holds what the locale proxy reads: the path and query, the language cookie, Accept-Language; and the
// encoding of the body.
// Brotli: Next compresses with gzip only. For a browser that accepts Brotli (all of them), a kept gzip page is
// compressed again once, off the main thread, and replayed as Brotli from then on: the Thai home page is 20 kB instead
// of 28 kB, at about the cost of the gzip Next made (quality 6: 4 ms for 190 kB, once per copy, not per request).
// Until that copy is ready the gzip one answers, which the same browser accepts.

import zlib from 'node:zlib';

const KEY = Symbol.for('pss.responseCache');
const BROTLI_QUALITY = 6;
const MAX_ENTRIES = 500;
const MAX_BODY = 2 * 1024 * 1024;
/** How long past its time a lapsed copy may still answer while one request renders its successor. */
export const GRACE_MS = 5_000;

function localeCookie(cookieHeader) {
  const m = /(?:^|;\s*)NEXT_LOCALE=([^;]*)/.exec(cookieHeader ?? '');
  return m ? m[1] : '';
}

function isDocumentRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const h = req.headers;
  return !h.rsc && !h['next-action'] && !h['next-router-state-tree'] && !h['next-router-prefetch'] && !h['next-router-segment-prefetch'] && !h.range;
}

/** The best encoding the request accepts of those a kept copy can have. */
function encodingFor(req) {
  const accepted = req.headers['accept-encoding'] ?? '';
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
}

function keyFor(req) {
  return `${req.url}\n${localeCookie(req.headers.cookie)}\n${req.headers['accept-language'] ?? ''}\n${encodingFor(req)}`;
}

/**
 * A strong ETag names one byte sequence, so the Brotli copy of a page gets the weak form of the gzip copy's tag (as
 * nginx does when it compresses); the page's content, which is what revalidation asks about, is the same.
 */
function weakEtag(etag) {
  if (!etag) return etag;
  const tag = String(etag);
  return tag.startsWith('W/') ? tag : `W/${tag}`;
}

function cacheableHeaders(statusCode, headers) {
  if (statusCode !== 200) return false;
  const cc = String(headers['cache-control'] ?? '');
  if (!/s-maxage=\d+/.test(cc) || /private|no-store|no-cache/.test(cc)) return false;
  const state = headers['x-nextjs-cache'];
  if (state === undefined ? !/\bpublic\b/.test(cc) : state !== 'HIT' && state !== 'MISS') return false;
  const cookies = [].concat(headers['set-cookie'] ?? []);
  return cookies.every((c) => String(c).startsWith('NEXT_LOCALE='));
}

export function createResponseCache({ ttlMs }) {
  /** @type {Map<string, { status: number, headers: Record<string, unknown>, body: Buffer, storedAt: number, generation: number }>} */
  const entries = new Map();
  /** keys whose successor one request is fetching from Next now, with when it started */
  const refreshing = new Map();
  let generation = 0;
  const stats = { hits: 0, stores: 0, purges: 0, brotli: 0 };

  /** Replaces a kept gzip copy by its Brotli form once made, unless the entry was dropped or replaced meanwhile. */
  function toBrotli(key, entry) {
    const plainBody = (cb) => (entry.headers['content-encoding'] === 'gzip' ? zlib.gunzip(entry.body, cb) : cb(null, entry.body));
    plainBody((err, plain) => {
      if (err) return;
      zlib.brotliCompress(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }, (e, body) => {
        if (e || entries.get(key) !== entry) return;
        const headers = { ...entry.headers, 'content-encoding': 'br', 'content-length': String(body.length) };
        if (headers.etag) headers.etag = weakEtag(headers.etag);
        // Same key, same age: only the bytes and their encoding change.
        entries.set(key, { ...entry, headers, body });
        stats.brotli++;
      });
    });
  }

  const cache = {
    stats,
    /** Forget everything: public data changed. */
    purge() {
      generation++;
      entries.clear();
      refreshing.clear();
      stats.purges++;
    },
    /** Answers from the cache when it can; true when it did. */
    serve(req, res, extraHeaders) {
      if (ttlMs <= 0 || !isDocumentRequest(req)) return false;
      const key = keyFor(req);
      const hit = entries.get(key);
      if (!hit) return false;
      const now = Date.now();
      const age = now - hit.storedAt;
      if (hit.generation !== generation || age > ttlMs + GRACE_MS) {
        entries.delete(key);
        return false;
      }
      let state = 'HIT';
      if (age > ttlMs) {
        const since = refreshing.get(key);
        // This request fetches the successor (record() stores it, or the next request tries again)…
        if (since === undefined || now - since > GRACE_MS) {
          refreshing.set(key, now);
          res.once('close', () => {
            if (refreshing.get(key) === now) refreshing.delete(key);
          });
          return false;
        }
        // …and the others get the lapsed copy meanwhile.
        state = 'STALE';
      }
      // Most recently used last, so eviction drops the oldest.
      entries.delete(key);
      entries.set(key, hit);
      stats.hits++;
      const etag = hit.headers.etag;
      const headers = { ...hit.headers, ...extraHeaders, date: new Date().toUTCString(), age: String(Math.floor(age / 1000)), 'x-response-cache': state };
      if (etag && req.headers['if-none-match'] === etag) {
        delete headers['content-length'];
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      res.writeHead(hit.status, headers);
      res.end(req.method === 'HEAD' ? undefined : hit.body);
      return true;
    },
    /** Watches a response Next is writing and keeps it when its headers allow. */
    record(req, res) {
      if (ttlMs <= 0 || req.method !== 'GET' || !isDocumentRequest(req)) return;
      const key = keyFor(req);
      const startedGeneration = generation;
      const chunks = [];
      let size = 0;
      let keep = null; // decided at the first write, once the headers are final
      const decide = () => {
        if (keep === null) keep = cacheableHeaders(res.statusCode, res.getHeaders());
        return keep;
      };
      const write = res.write;
      const end = res.end;
      const capture = (chunk, encoding) => {
        if (!chunk || typeof chunk === 'function' || !decide()) return;
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
        size += buf.length;
        if (size > MAX_BODY) keep = false;
        else chunks.push(buf);
      };
      res.write = function (chunk, encoding, cb) {
        capture(chunk, encoding);
        return write.call(this, chunk, encoding, cb);
      };
      res.end = function (chunk, encoding, cb) {
        capture(chunk, encoding);
        if (decide() && generation === startedGeneration) {
          const headers = { ...res.getHeaders() };
          for (const h of ['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[h];
          const body = Buffer.concat(chunks);
          headers['content-length'] = String(body.length);
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value);
          const entry = { status: res.statusCode, headers, body, storedAt: Date.now(), generation };
          entries.set(key, entry);
          stats.stores++;
          // A body Next compressed with gzip, or left plain (a client that named only Brotli); never one encoded otherwise.
          const encoding = headers['content-encoding'];
          if (key.endsWith('\nbr') && (encoding === 'gzip' || (encoding === undefined && body.length >= 1024))) toBrotli(key, entry);
        }
        return end.call(this, chunk, encoding, cb);
      };
    },
  };
  globalThis[KEY] = cache;
  return cache;
}
