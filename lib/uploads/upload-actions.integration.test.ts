// The server's answer to a file over the limit (docs/product-rules.md#uploads; issue 37 item 3): every portal upload
// action refuses it with the same translated message the browser shows, in the visitor's language, before reading the
// file and without writing anything. (The transport lets such a request through: lib/uploads/limits.test.ts.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const locale = vi.hoisted(() => ({ value: 'ru' }));
vi.mock('next-intl/server', async (original) => ({ ...(await original<typeof import('next-intl/server')>()), getLocale: async () => locale.value }));
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-client-ip': '203.0.113.61', 'user-agent': 'uploads-suite' }),
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false, set: () => undefined, delete: () => undefined }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));
vi.mock('@/lib/db', async () => {
  const { openTestDb } = await import('@/test/db');
  return { db: (await openTestDb()).db };
});

const { db } = await import('@/lib/db');
const { resetEnvForTests, setEnvForTests } = await import('@/lib/env');
const { createBooking } = await import('@/lib/booking/create-booking');
const { completeDraft, TEST_NOW } = await import('@/test/fixtures/booking-drafts');
const { portalToken } = await import('@/lib/platform/link-signing');
const { uploadProofAction, uploadIdentityAction, addConditionPhotoAction } = await import('@/app/[locale]/my-booking/actions');
const { MAX_UPLOAD_BYTES } = await import('./limits');
const { uploadTexts } = await import('./messages');

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-upload-actions-'));
  setEnvForTests({ RATE_LIMIT_SCALE: '10000', RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp });
});
afterAll(() => {
  resetEnvForTests();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const over = () => new File([new Uint8Array(MAX_UPLOAD_BYTES + 2 * 1024 * 1024)], 'scan.jpg', { type: 'image/jpeg' });

describe('a 12 MB file sent to the portal', () => {
  it.each(['ru', 'th', 'en'])('is answered with the size message in %s, and nothing is stored', async (lang) => {
    locale.value = lang;
    const draft = completeDraft({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' });
    const booked = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!booked.ok) throw new Error(booked.error);
    const ref = { reference: booked.reference, token: portalToken(booked.reference) };
    const before = { proofs: await db.paymentProof.count(), files: await db.storedFile.count(), documents: await db.identityDocument.count() };
    const message = uploadTexts(lang).tooLarge;

    expect(await uploadProofAction({ ...ref, file: over() })).toEqual({ ok: false, error: 'file_size', message });
    expect(await uploadIdentityAction({ ...ref, kind: 'passport', document: over() })).toEqual({ ok: false, error: 'file_size', message });
    const small = new File([new Uint8Array(100)], 'doc.png', { type: 'image/png' });
    expect(await uploadIdentityAction({ ...ref, kind: 'passport', document: small, selfie: over() })).toEqual({ ok: false, error: 'file_size', message });
    expect(await addConditionPhotoAction({ ...ref, stage: 'move_in', photo: over() })).toEqual({ ok: false, error: 'file_size', message });

    expect({ proofs: await db.paymentProof.count(), files: await db.storedFile.count(), documents: await db.identityDocument.count() }).toEqual(before);
  });
});
