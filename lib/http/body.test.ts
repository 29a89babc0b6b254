import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, hasControlCharacters, readBodyCapped, readJson, uploadBodyLimit } from './body';
import { MAX_UPLOAD_BYTES } from '@/lib/uploads/limits';

/** A chunked body (no Content-Length) that would be `total` bytes, made only as it is read. */
function endless(total: number, chunk = 64 * 1024): { request: Request; produced: () => number } {
  let produced = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= total) return controller.close();
      produced += chunk;
      controller.enqueue(new Uint8Array(chunk));
    },
  });
  const request = new Request('http://localhost/api/x', { method: 'POST', body: stream, duplex: 'half', headers: { 'content-type': 'application/json' } } as RequestInit);
  return { request, produced: () => produced };
}

describe('request bodies are counted as they stream (finding 3)', () => {
  it('a chunked 100 MB body is abandoned just past the limit, never read whole', async () => {
    const body = endless(100 * 1024 * 1024);
    expect(await readBodyCapped(body.request, uploadBodyLimit(MAX_UPLOAD_BYTES))).toEqual({ ok: false, reason: 'too_large' });
    expect(body.produced()).toBeLessThan(uploadBodyLimit(MAX_UPLOAD_BYTES) + 512 * 1024);
  });

  it('a declared Content-Length over the limit is refused before reading', async () => {
    const request = new Request('http://localhost/api/x', { method: 'POST', body: '{}', headers: { 'content-length': String(2 * 1024 * 1024), 'content-type': 'application/json' } });
    expect(await readBodyCapped(request, BODY_LIMITS.webhook)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('JSON: 16 kB at most, JSON only, no control characters anywhere', async () => {
    const json = (body: string, type = 'application/json') => new Request('http://localhost/api/x', { method: 'POST', body, headers: { 'content-type': type } });
    expect(await readJson(json(JSON.stringify({ name: 'x'.repeat(20_000) })))).toMatchObject({ ok: false, status: 413 });
    expect(await readJson(json('{"name":"Anna"}', 'text/plain'))).toMatchObject({ ok: false, status: 415 });
    expect(await readJson(json('{"name":'))).toMatchObject({ ok: false, status: 400 });
    expect(await readJson(json(JSON.stringify({ name: 'Anna\u0000' })))).toMatchObject({ ok: false, status: 400, reason: 'control_characters' });
    expect(await readJson(json(JSON.stringify({ note: 'line one\nline two\ttabbed' })))).toEqual({ ok: true, value: { note: 'line one\nline two\ttabbed' } });
  });

  it('finds a control character however deep it hides, keys included', () => {
    expect(hasControlCharacters({ a: [{ b: 'ok' }, { c: 'bad\u0007' }] })).toBe(true);
    expect(hasControlCharacters({ ['k\u0000']: 'v' })).toBe(true);
    expect(hasControlCharacters({ a: 'ไทย', b: 'Привет', c: 1, d: null })).toBe(false);
  });
});
