import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW, uniqueContact } from '@/test/fixtures/booking-drafts';
import { readStoredFile } from '@/lib/uploads/files';
import { IdentityError, uploadIdentityDocuments, verifyIdentity } from './documents';
import { maskIdentityDocument } from './masking';

/**
 * Masking an identity document (docs/product-rules.md#personal-data-pdpa): the rectangles are black in the stored
 * picture, the rest of it is unchanged, and the original bytes are gone from the database; what is verified is the
 * masked picture.
 */
const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'masking-'));
const staff = { id: 'staff-1', email: 'desk@example.test' };
beforeAll(() => setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp, GATE_PIN_KEY: Buffer.alloc(32, 7).toString('base64'), GATE_API_URL: undefined }));
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A 200 × 100 picture in one colour (a random one, so two uploads never share bytes). */
async function card(format: 'png' | 'jpeg') {
  const colour = { r: 200 + crypto.randomInt(50), g: 180 + crypto.randomInt(50), b: 120 + crypto.randomInt(50) };
  const img = sharp({ create: { width: 200, height: 100, channels: 3, background: colour } });
  return { bytes: new Uint8Array(await (format === 'png' ? img.png() : img.jpeg({ quality: 95 })).toBuffer()), colour };
}

async function bookingWithId(format: 'png' | 'jpeg') {
  const base = completeDraft({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' });
  const r = await createBooking(db, { ...base, contact: { ...base.contact, ...uniqueContact() } }, { locale: 'th', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(r.error);
  const { bytes, colour } = await card(format);
  await uploadIdentityDocuments(db, r.bookingId, { kind: 'thai_id', document: { bytes, name: `id.${format === 'png' ? 'png' : 'jpg'}` } });
  const doc = await db.identityDocument.findFirstOrThrow({ where: { bookingId: r.bookingId } });
  return { bookingId: r.bookingId, doc, colour };
}

async function pixel(bytes: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i], g: data[i + 1], b: data[i + 2] };
}

describe('masking an identity document', () => {
  it('burns black rectangles into the picture and deletes the original bytes', async () => {
    const { bookingId, doc, colour } = await bookingWithId('png');
    const original = await db.storedFile.findUniqueOrThrow({ where: { key: doc.storageKey! } });
    // The religion field: x 100…150, y 50…80 of the 200 × 100 card.
    await maskIdentityDocument(db, doc.id, [{ x: 0.5, y: 0.5, w: 0.25, h: 0.3 }], staff, TEST_NOW);

    const after = await db.identityDocument.findUniqueOrThrow({ where: { id: doc.id } });
    expect(after.storageKey).not.toBe(doc.storageKey);
    expect(after.maskedAt).toEqual(TEST_NOW);
    const file = await readStoredFile(db, after.storageKey!);
    for (const [x, y] of [[100, 50], [125, 65], [149, 79]]) expect(await pixel(file!.bytes, x, y)).toEqual({ r: 0, g: 0, b: 0 });
    for (const [x, y] of [[99, 50], [150, 65], [125, 49], [125, 80], [10, 10]]) expect(await pixel(file!.bytes, x, y)).toEqual(colour);

    expect(await db.storedFile.findUnique({ where: { key: doc.storageKey! } })).toBeNull();
    expect(await db.storedFile.count({ where: { sha256: original.sha256 } })).toBe(0);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'identity.mask', entityId: bookingId } });
    expect(audit.actorEmail).toBe(staff.email);
  });

  it('a JPEG stays a JPEG, black where masked; verifying keeps only the masked picture', async () => {
    const { bookingId, doc } = await bookingWithId('jpeg');
    await maskIdentityDocument(db, doc.id, [{ x: 0.1, y: 0.1, w: 0.3, h: 0.5 }, { x: 0.9, y: 0.9, w: -0.2, h: -0.3 }], staff, TEST_NOW);
    await verifyIdentity(db, bookingId, staff, TEST_NOW);
    const kept = await db.identityDocument.findUniqueOrThrow({ where: { id: doc.id } });
    expect(kept.status).toBe('verified');
    expect(kept.mimeType).toBe('image/jpeg');
    const file = await readStoredFile(db, kept.storageKey!);
    // JPEG rounding leaves a few levels of noise near edges; the middle of each rectangle is black.
    for (const [x, y] of [[50, 35], [160, 75]]) {
      const p = await pixel(file!.bytes, x, y);
      expect(Math.max(p.r, p.g, p.b)).toBeLessThanOrEqual(8);
    }
    expect(await db.storedFile.findUnique({ where: { key: doc.storageKey! } })).toBeNull();
  });

  it('refuses once verified, and a rectangle outside the picture', async () => {
    const { bookingId, doc } = await bookingWithId('png');
    await expect(maskIdentityDocument(db, doc.id, [{ x: 1, y: 1, w: 0, h: 0 }], staff)).rejects.toThrow(IdentityError);
    await verifyIdentity(db, bookingId, staff, TEST_NOW);
    await expect(maskIdentityDocument(db, doc.id, [{ x: 0, y: 0, w: 0.5, h: 0.5 }], staff)).rejects.toThrow(IdentityError);
    const still = await db.identityDocument.findUniqueOrThrow({ where: { id: doc.id } });
    expect(still.storageKey).toBe(doc.storageKey);
    expect(still.maskedAt).toBeNull();
  });
});
