import 'server-only';
import { FORBIDDEN_CHARACTERS } from '@/lib/validation/text';

/**
 * THE way a route reads a request body (docs/product-rules.md#security-headers, "Bodies"): counted while it streams
 * and abandoned as soon as it passes the route's limit, so a chunked body without Content-Length is never held whole.
 * Limits: JSON APIs 16 kB, the Stripe webhook 1 MB, uploads the route's largest file plus the multipart envelope.
 */
export const BODY_LIMITS = { json: 16 * 1024, webhook: 1024 * 1024 } as const;

/**
 * An upload's body limit: the largest file the route accepts (the uploads domain's limit, passed in because the
 * platform imports no domain) plus room for the multipart envelope.
 */
export const uploadBodyLimit = (maxFileBytes: number) => maxFileBytes + 64 * 1024;

export type BodyRead = { ok: true; bytes: Buffer } | { ok: false; reason: 'too_large' | 'unreadable' };

export async function readBodyCapped(request: Request, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (Number.isFinite(declared) && declared > limit) return { ok: false, reason: 'too_large' };
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return { ok: false, reason: 'too_large' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

const CONTROL = FORBIDDEN_CHARACTERS;

export function hasControlCharacters(value: unknown, depth = 0): boolean {
  if (depth > 20) return true;
  if (typeof value === 'string') return CONTROL.test(value);
  if (Array.isArray(value)) return value.some((v) => hasControlCharacters(v, depth + 1));
  if (value && typeof value === 'object') {
    if (value instanceof Blob) return false;
    return Object.entries(value).some(([k, v]) => CONTROL.test(k) || hasControlCharacters(v, depth + 1));
  }
  return false;
}

export type JsonRead = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; reason: 'not_json' | 'too_large' | 'invalid' | 'control_characters' };

/** A JSON body of at most `limit` bytes (JSON only: a cross-site HTML form cannot send it without the browser asking first). */
export async function readJson(request: Request, limit: number = BODY_LIMITS.json): Promise<JsonRead> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) return { ok: false, status: 415, reason: 'not_json' };
  const body = await readBodyCapped(request, limit);
  if (!body.ok) return body.reason === 'too_large' ? { ok: false, status: 413, reason: 'too_large' } : { ok: false, status: 400, reason: 'invalid' };
  let value: unknown;
  try {
    value = JSON.parse(body.bytes.toString('utf8'));
  } catch {
    return { ok: false, status: 400, reason: 'invalid' };
  }
  if (hasControlCharacters(value)) return { ok: false, status: 400, reason: 'control_characters' };
  return { ok: true, value };
}

/** The answer of a JSON route refused by a rate limit: 429 with Retry-After and a message in the visitor's language. */
export function tooManyRequests(retryAfterSeconds: number, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ error: 'rate_limited', message, retryAfterSeconds, ...extra }, { status: 429, headers: { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' } });
}
