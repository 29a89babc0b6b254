import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { onePagePdf } from '@/test/fixtures/files';
import { endRental, moveIn, verifyPayment } from '@/lib/rentals/commands';
import { readStoredFile } from '@/lib/uploads/files';
import { addConditionPhoto, PhotoError, PHOTO_MAX_SIDE } from './photos';

const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'condition-photos-'));
const staff = { id: 'staff-1', email: 'staff@example.test' };

beforeAll(() => setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp }));
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function activeRental() {
  const r = await createBooking(db, completeDraft({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(r.error);
  await verifyPayment(db, { bookingId: r.bookingId }, staff);
  const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
  await moveIn(db, { bookingId: b.id, unitId: b.unitId!, reason: 'test: handed over before the ID check' }, staff);
  return b.id;
}

const camera = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withMetadata({ exif: { IFD0: { Make: 'PhoneCam', Artist: 'Somebody' } } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));
const refused = (p: Promise<unknown>) => p.then(() => 'accepted', (e: unknown) => (e instanceof PhotoError ? e.code : String(e)));

describe('condition photos', () => {
  it('keeps a phone photo resized to 1600 pixels, as JPEG, without its metadata, timestamped with who added it', async () => {
    const id = await activeRental();
    const photoId = await addConditionPhoto(db, id, { stage: 'move_in', bytes: await camera(4000, 3000), note: 'Clean, no marks' }, { staff });
    const photo = await db.conditionPhoto.findUniqueOrThrow({ where: { id: photoId } });
    expect(photo).toMatchObject({ stage: 'move_in', note: 'Clean, no marks', addedBy: staff.email, mimeType: 'image/jpeg' });
    const file = (await readStoredFile(db, photo.storageKey))!;
    const meta = await sharp(file.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PHOTO_MAX_SIDE, 1200]);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses what is not a photo and what is too big; the customer adds none after the move-out', async () => {
    const id = await activeRental();
    expect(await refused(addConditionPhoto(db, id, { stage: 'move_out', bytes: await onePagePdf(), note: '' }, { customer: true }))).toBe('photo_type');
    expect(await refused(addConditionPhoto(db, id, { stage: 'move_out', bytes: new Uint8Array(10 * 1024 * 1024 + 1), note: '' }, { customer: true }))).toBe('file_size');
    expect(await refused(addConditionPhoto(db, id, { stage: 'move_out', bytes: await camera(800, 600), note: 'Tenant: as I found it' }, { customer: true }))).toBe('accepted');
    const mine = await addConditionPhoto(db, id, { stage: 'move_out', bytes: await camera(800, 600), note: 'Dent in the door' }, { staff });
    // A photo of another rental cannot be cited by this one's deduction.
    const other = await addConditionPhoto(db, await activeRental(), { stage: 'move_out', bytes: await camera(800, 600), note: '' }, { staff });
    await endRental(db, { bookingId: id, feesSatang: 100, feesNote: 'door', photoIds: [mine, other] }, staff, null);
    const refund = await db.refund.findFirstOrThrow({ where: { bookingId: id } });
    expect(refund.photoIds).toEqual([mine]);
    expect(await refused(addConditionPhoto(db, id, { stage: 'move_out', bytes: await camera(800, 600), note: '' }, { customer: true }))).toBe('not_allowed');
    expect(await refused(addConditionPhoto(db, id, { stage: 'move_out', bytes: await camera(800, 600), note: 'after' }, { staff }))).toBe('accepted');
  });
});
