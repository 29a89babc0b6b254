import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { DOCUMENT_ACCEPT, IMAGE_ACCEPT, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, UPLOAD_REQUEST_MAX_BYTES, UPLOAD_REQUEST_MAX_MB } from './limits';
import { checkUploadFile, failedUploadText, uploadProblemText } from './check';
import { uploadErrorText, uploadTexts } from './messages';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

function flatten(o: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));
}

describe('one upload limit everywhere (docs/product-rules.md#uploads)', () => {
  it('the server-action body limit and the proxy take two whole files, so a file a little too large gets the message', () => {
    expect(UPLOAD_REQUEST_MAX_BYTES).toBeGreaterThanOrEqual(2 * MAX_UPLOAD_BYTES);
    const nextConfig = fs.readFileSync(path.join(process.cwd(), 'next.config.ts'), 'utf8');
    expect(nextConfig).toMatch(new RegExp(`bodySizeLimit: '${UPLOAD_REQUEST_MAX_MB}mb'`));
    const nginx = fs.readFileSync(path.join(process.cwd(), 'deploy/nginx/nginx.conf'), 'utf8');
    // The server-wide cap (the locations below it are tighter: next-auth, the Stripe webhook).
    const caps = [...nginx.matchAll(/client_max_body_size (\d+)([km])/g)].map((m) => Number(m[1]) * (m[2] === 'm' ? MB : 1024));
    expect(Math.max(...caps)).toBe(UPLOAD_REQUEST_MAX_BYTES);
  });

  it('no message states the limit in words: it comes from MAX_UPLOAD_MB as {max}', () => {
    for (const messages of [en, th, ru]) {
      const stated = flatten(messages).filter(([, v]) => /\b10\s?(MB|МБ)/.test(v));
      expect(stated).toEqual([]);
    }
  });

  it('the spec’s English text, and real Thai and Russian', () => {
    expect(uploadTexts('en').tooLarge).toBe('File size should be less than 10MB');
    expect(uploadTexts('th').tooLarge).toBe(`ขนาดไฟล์ต้องไม่เกิน ${MAX_UPLOAD_MB}MB`);
    expect(uploadTexts('ru').tooLarge).toBe(`Размер файла должен быть меньше ${MAX_UPLOAD_MB} МБ`);
    expect(uploadTexts('en').invalidType).toBe('Please select a valid image (JPG, PNG, GIF or WEBP) or PDF file');
  });

  it('the server says a refusal with the very text the browser shows', () => {
    for (const locale of ['en', 'th', 'ru']) {
      const t = uploadTexts(locale);
      expect(uploadErrorText(locale, 'file_size')).toBe(uploadProblemText('tooLarge', DOCUMENT_ACCEPT, t));
      expect(uploadErrorText(locale, 'file_type')).toBe(uploadProblemText('invalidType', DOCUMENT_ACCEPT, t));
      expect(uploadErrorText(locale, 'photo_type')).toBe(uploadProblemText('invalidType', IMAGE_ACCEPT, t));
    }
  });
});

describe('the browser check', () => {
  it('refuses a file over the limit and takes one at it', () => {
    expect(checkUploadFile(file('slip.jpg', 'image/jpeg', 12 * MB), DOCUMENT_ACCEPT)).toBe('tooLarge');
    expect(checkUploadFile(file('slip.jpg', 'image/jpeg', MAX_UPLOAD_BYTES), DOCUMENT_ACCEPT)).toBeNull();
    expect(checkUploadFile(file('slip.pdf', 'application/pdf', 1000), DOCUMENT_ACCEPT)).toBeNull();
  });

  it('refuses a wrong type by the input’s own list (a PDF is no photo)', () => {
    expect(checkUploadFile(file('notes.txt', 'text/plain', 10), DOCUMENT_ACCEPT)).toBe('invalidType');
    expect(checkUploadFile(file('slip.pdf', 'application/pdf', 10), IMAGE_ACCEPT)).toBe('invalidType');
    // A phone that sends no type still passes by the name.
    expect(checkUploadFile(file('IMG_0001.JPG', '', 10), IMAGE_ACCEPT)).toBeNull();
    expect(checkUploadFile(file('empty.png', 'image/png', 0), IMAGE_ACCEPT)).toBe('invalidType');
  });

  it('a request the transport refused is said as too large when a file was, else as failed', () => {
    const t = uploadTexts('ru');
    expect(failedUploadText([{ size: 30 * MB }], t)).toBe(t.tooLarge);
    expect(failedUploadText([{ size: MB }], t, 413)).toBe(t.tooLarge);
    expect(failedUploadText([{ size: MB }], t)).toBe(t.failed);
  });
});
