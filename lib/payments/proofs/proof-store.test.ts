import { describe, expect, it } from 'vitest';
import { sniffProofType } from './proof-store';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('sniffProofType', () => {
  it.each([
    ['jpg', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    ['gif', new TextEncoder().encode('GIF89a...'), 'image/gif'],
    ['webp', new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '), 'image/webp'],
    ['pdf', new TextEncoder().encode('%PDF-1.4'), 'application/pdf'],
  ])('recognises %s by its bytes', (_n, b, mime) => {
    expect(sniffProofType(b)?.mimeType).toBe(mime);
  });

  it.each([
    ['text', new TextEncoder().encode('hello world')],
    ['html', new TextEncoder().encode('<html><script>')],
    ['RIFF that is not WEBP (WAV)', new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt ')],
    ['empty', bytes()],
  ])('rejects %s', (_n, b) => {
    expect(sniffProofType(b)).toBeNull();
  });
});
