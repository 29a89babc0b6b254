// Body caps at the edge (docs/product-rules.md#security-headers, "Bodies"): every request's body is counted as the
// socket delivers it, declared (Content-Length) or chunked, and refused with 413 the moment it passes its route's cap.
// Routes that read their body through lib/http/body.ts cap themselves lower too; this also covers handlers we do not
// write (next-auth's, Next's server actions), which read a body whole.

/** The largest body any route takes (a 10 MB payment proof plus its multipart envelope). */
export const MAX_BODY = 11 * 1024 * 1024;

/** Tighter caps by path prefix: next-auth's endpoints take a small form, the Stripe webhook one event. */
export const BODY_CAPS = [
  ['/api/auth/', 16 * 1024],
  ['/api/stripe/webhook', 1024 * 1024],
];

export function bodyCapFor(url = '/') {
  const pathname = url.split('?')[0];
  for (const [prefix, cap] of BODY_CAPS) if (pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix)) return cap;
  return MAX_BODY;
}

function refuse(req, res) {
  if (!res.headersSent) {
    // The rest of the body is never read, so the connection cannot carry another request: close it once answered.
    res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
    res.end('Payload Too Large\n', () => req.socket?.destroy());
  } else req.destroy();
}

/**
 * Caps `req`'s body. Returns false when the request was refused already (a declared length over the cap). Otherwise
 * the body is counted where Node's HTTP parser hands each piece to the request stream (`push`), before any reader
 * sees it, so a chunked upload is cut at the cap whoever reads it; nothing past the cap is kept.
 */
export function capRequestBody(req, res, limit = bodyCapFor(req.url)) {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    refuse(req, res);
    return false;
  }
  let seen = 0;
  let tripped = false;
  const push = req.push;
  req.push = function cappedPush(chunk, encoding) {
    if (tripped) return false;
    if (chunk != null) {
      seen += chunk.length;
      if (seen > limit) {
        tripped = true;
        refuse(req, res);
        return false;
      }
    }
    return push.call(this, chunk, encoding);
  };
  return true;
}
