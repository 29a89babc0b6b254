import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GIF_WITH_HTML, onePagePdf, PDF_WITH_HTML, PNG_1PX } from '@/test/fixtures/files';
import { sniffProofType } from './proof-store';
import { cleanProofContent } from './proof-content';

const clean = async (bytes: Uint8Array) => cleanProofContent(bytes, sniffProofType(bytes)!);

describe('a payment proof is wholly what its header says (docs/product-rules.md#security-headers)', () => {
  it('a picture is decoded and encoded again: what trails it is gone', async () => {
    const trailing = Buffer.concat([PNG_1PX, Buffer.from('<html><script>alert(1)</script></html>')]);
    const out = await clean(trailing);
    expect(out).not.toBeNull();
    expect(Buffer.from(out!).includes('<script>')).toBe(false);
    expect((await sharp(Buffer.from(out!)).metadata()).format).toBe('png');
  });

  it('refuses a GIF header followed by HTML, which used to be stored as sent', async () => {
    expect(sniffProofType(GIF_WITH_HTML)?.mimeType).toBe('image/gif');
    expect(await clean(GIF_WITH_HTML)).toBeNull();
  });

  it('keeps a real PDF and refuses a PDF header followed by HTML, or anything after the end marker', async () => {
    const pdf = await onePagePdf();
    expect(await clean(pdf)).toEqual(pdf);
    expect(await clean(PDF_WITH_HTML)).toBeNull();
    expect(await clean(Buffer.concat([pdf, Buffer.from('\n<script>alert(1)</script>')]))).toBeNull();
  });
});
