// The 'hashed' Content-Security-Policy (lib/security/csp.ts): a cached page that takes customer input (the booking
// wizard's shell) may run inline scripts only when their SHA-256 is in its policy. Next writes those scripts (its RSC
// payload, `self.__next_f.push(…)`) from the content, so the hashes are known only once the document is: this step
// holds the document back until Next has written all of it, hashes every inline <script> of that exact copy, puts the
// hashes in place of the policy's placeholder, and only then sends headers and body. The response cache
// (scripts/server/response-cache.mjs) records what leaves this step, so a replayed copy carries the policy made for its
// own bytes, on every server of a deployment (each hashes what it sends). docs/product-rules.md#security-headers
import crypto from 'node:crypto';
import zlib from 'node:zlib';

/** The placeholder of lib/security/csp.ts (INLINE_HASHES_PLACEHOLDER); kept equal by scripts/server/inline-script-hashes.test.ts. */
export const INLINE_HASHES_PLACEHOLDER = "'inline-script-hashes'";

const MAX_DOCUMENT = 4 * 1024 * 1024;

/** The CSP source expressions of every inline script of an HTML document ('sha256-…'), each once, in order. */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    const source = `'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`;
    if (!hashes.includes(source)) hashes.push(source);
  }
  return hashes;
}

/** The policy with the placeholder replaced by `hashes` (none: the placeholder just goes, and no inline script runs). */
export function withHashes(policy, hashes) {
  return policy.replace(INLINE_HASHES_PLACEHOLDER, hashes.join(' ')).replace(/ {2,}/g, ' ').replace(/ ;/g, ';');
}

function decode(body, encoding) {
  if (!encoding || encoding === 'identity') return body;
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  throw new Error(`inline-script-hashes: unknown content-encoding ${encoding}`);
}

/**
 * Watches a response: when its policy carries the placeholder, holds headers and body until the end and fills the
 * hashes in. Any other response passes through untouched (one header read at its first write).
 */
export function hashInlineScripts(res) {
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  const flushHeaders = res.flushHeaders;
  let holding = null; // decided at the first writeHead/write/end
  const chunks = [];
  let size = 0;

  const decide = () => {
    if (holding === null) holding = String(res.getHeader('content-security-policy') ?? '').includes(INLINE_HASHES_PLACEHOLDER);
    return holding;
  };
  // The wrappers stay in place and pass through when not holding: Next's compression wraps them in turn, so putting
  // the originals back would cut its own wrappers out.
  let ended = false;

  res.writeHead = function (status, reason, headers) {
    const h = typeof reason === 'object' && reason !== null ? reason : headers;
    if (holding === null && h && !Array.isArray(h)) {
      const given = Object.entries(h).find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1];
      if (given !== undefined) holding = String(given).includes(INLINE_HASHES_PLACEHOLDER);
    }
    if (!decide()) return writeHead.apply(this, arguments);
    if (h) for (const [name, value] of Array.isArray(h) ? pairs(h) : Object.entries(h)) if (value !== undefined) this.setHeader(name, value);
    this.statusCode = status;
    if (typeof reason === 'string') this.statusMessage = reason;
    return this;
  };
  res.flushHeaders = function () {
    if (!decide()) return flushHeaders.call(this);
  };
  res.write = function (chunk, encoding, cb) {
    if (!decide() || ended) return write.call(this, chunk, encoding, cb);
    if (chunk && typeof chunk !== 'function') {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
      size += buf.length;
      chunks.push(buf);
    }
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
  res.end = function (chunk, encoding, cb) {
    if (!decide() || ended) return end.call(this, chunk, encoding, cb);
    if (chunk && typeof chunk !== 'function') {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
      size += buf.length;
      chunks.push(buf);
    }
    ended = true;
    const body = Buffer.concat(chunks);
    const policy = String(this.getHeader('content-security-policy'));
    let hashes = [];
    const type = String(this.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && body.length > 0 && size <= MAX_DOCUMENT) {
      try {
        hashes = inlineScriptHashes(decode(body, String(this.getHeader('content-encoding') ?? '').trim().toLowerCase()).toString('utf8'));
      } catch (err) {
        console.error('server: inline script hashes failed', err);
      }
    }
    this.setHeader('Content-Security-Policy', withHashes(policy, hashes));
    if (!this.getHeader('transfer-encoding') && this.req?.method !== 'HEAD') this.setHeader('Content-Length', String(body.length));
    writeHead.call(this, this.statusCode);
    const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : cb;
    return end.call(this, body.length ? body : undefined, done);
  };
}

function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}
