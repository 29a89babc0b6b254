// Slips seen before (docs/product-rules.md#uploads, issue 38 item 10): the same slip saved as JPEG instead of PNG, or
// one pixel wider, sent for another customer's booking, is accepted (the picture check warns, it does not refuse) and
// staff see it beside both slips; a different slip of the same bank app is not taken for it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { slipPicture } from '@/test/fixtures/files';
import { storePendingProof } from './proof-store';
import { findProofsWithSameContent, findProofsWithSameContentAll } from './proof-fingerprint';
import { printDistance, PRINT_TOLERANCE, slipPrint } from './slip-similarity';
import { recordOfflinePayment } from '@/lib/payments/offline-payments';

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-lookalike-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined });
  const s = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  await db.unit.createMany({ data: Array.from({ length: 10 }, (_, i) => ({ number: `S-L${i}`, unitTypeId: s.id, status: 'available' as const })) });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const LATER = new Date(TEST_NOW.getTime() + 60 * 60 * 1000);
const SLIP = { name: 'Somchai Jaidee', amount: '5,930.00', reference: '202611281533A1B2C3', time: '28 Nov 2026 15:33' };

/** A transfer booking of a new customer (completeDraft gives each a contact of their own). */
async function transferBooking() {
  const draft = completeDraft({ unitTypeCode: 's', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' });
  const r = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  return { bookingId: r.bookingId, invoice: await db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId, kind: 'initial' } }) };
}

async function pay(booking: { invoice: { id: string } }, bytes: Uint8Array, name: string) {
  const stored = await storePendingProof(db, bytes, name);
  if (!stored.ok) throw new Error(`upload refused: ${stored.error}`);
  const r = await recordOfflinePayment(db, { invoiceId: booking.invoice.id, method: 'bank_transfer', proofId: stored.proof.id, now: LATER });
  expect(r).toMatchObject({ ok: true });
  return db.paymentProof.findFirstOrThrow({ where: { storagePath: stored.proof.storagePath } });
}

describe('the picture print', () => {
  it('barely moves when the slip is re-encoded or resized, and moves far for another slip of the same app', async () => {
    const png = await slipPicture(SLIP);
    const print = (await slipPrint(png))!;
    const same = [
      await sharp(png).jpeg({ quality: 40 }).toBuffer(),
      await sharp(png).webp({ quality: 50 }).toBuffer(),
      await sharp(png).resize(721, 1280, { fit: 'fill' }).png().toBuffer(),
      await sharp(png).resize(360).jpeg({ quality: 80 }).toBuffer(),
    ];
    for (const b of same) expect(printDistance(print, (await slipPrint(b))!)).toBeLessThanOrEqual(PRINT_TOLERANCE);
    const others = [
      await slipPicture({ ...SLIP, amount: '5,980.00', reference: '202611281534D4E5F6' }),
      await slipPicture({ name: 'Ivan Petrov', amount: '2,700.00', reference: '202611281601Z9Y8X7', time: '28 Nov 2026 16:01' }),
    ];
    for (const b of others) expect(printDistance(print, (await slipPrint(b))!)).toBeGreaterThan(PRINT_TOLERANCE);
  });
});

describe('a slip already used, sent again re-encoded or resized', () => {
  it('is recognised for another customer and staff see the warning beside both slips', async () => {
    const png = await slipPicture({ ...SLIP, reference: '202611281533LOOK01' });
    const first = await transferBooking();
    const original = await pay(first, png, 'slip.png');
    expect(original.lookalikeOfId).toBeNull();

    // The same slip saved as JPEG and one pixel wider: other bytes, so the exact fingerprint does not know it.
    const resaved = await sharp(png).resize(721, 1280, { fit: 'fill' }).jpeg({ quality: 80 }).toBuffer();
    const second = await transferBooking();
    const reused = await pay(second, resaved, 'my-slip.jpg');
    expect(reused.sha256).not.toBe(original.sha256);
    expect(reused.lookalikeOfId).toBe(original.id);

    const besideReused = await findProofsWithSameContent(db, reused.id);
    expect(besideReused).toEqual([expect.objectContaining({ id: original.id, bookingId: first.bookingId, sameCustomer: false, match: 'lookalike' })]);
    const besideOriginal = await findProofsWithSameContent(db, original.id);
    expect(besideOriginal).toEqual([expect.objectContaining({ id: reused.id, bookingId: second.bookingId, sameCustomer: false, match: 'lookalike' })]);
    // A staff screen asking for many slips at once (the payments queue) gets the same answer for each.
    const both = await findProofsWithSameContentAll(db, [reused.id, original.id, 'no-such-proof']);
    expect(both).toEqual(new Map([[reused.id, besideReused], [original.id, besideOriginal], ['no-such-proof', []]]));
  });

  it('a different slip of the same bank app is not taken for it', async () => {
    const a = await transferBooking();
    const pa = await pay(a, await slipPicture({ ...SLIP, reference: '202611281533DIFF01' }), 'a.png');
    const b = await transferBooking();
    const pb = await pay(b, await slipPicture({ name: 'Anna Smith', amount: '16,730.00', reference: '202611290901Q1W2E3', time: '29 Nov 2026 09:01' }), 'b.png');
    expect(pb.lookalikeOfId).toBeNull();
    expect(await findProofsWithSameContent(db, pb.id)).toEqual([]);
    expect(await findProofsWithSameContent(db, pa.id)).toEqual([]);
  });

  it('a PDF slip keeps no picture print (its bytes fingerprint still applies)', async () => {
    const { onePagePdf } = await import('@/test/fixtures/files');
    const c = await transferBooking();
    const proof = await pay(c, await onePagePdf('Slip 202611281533PDF01'), 'slip.pdf');
    expect(proof.imagePrint).toBeNull();
    expect(proof.lookalikeOfId).toBeNull();
  });
});

describe('a screen of many slips', () => {
  it("one slip sent a hundred times does not crowd another slip's copies out of its warning", async () => {
    const a = await transferBooking();
    const b = await transferBooking();
    const copy = (bookingId: string, sha256: string, i: number) => ({ bookingId, fileName: `copy-${i}.png`, mimeType: 'image/png', sizeBytes: 1, storagePath: `test/${sha256}-${i}`, sha256, uploadedAt: new Date(TEST_NOW.getTime() - 1000 * (200 - i)) });
    // Slip A on 120 proofs of one booking (older than B's), slip B on two proofs of another.
    await db.paymentProof.createMany({ data: Array.from({ length: 120 }, (_, i) => copy(a.bookingId, 'many-copies', i)) });
    await db.paymentProof.createMany({ data: [copy(b.bookingId, 'two-copies', 150), copy(b.bookingId, 'two-copies', 151)] });
    const [aFirst] = await db.paymentProof.findMany({ where: { sha256: 'many-copies' }, orderBy: { uploadedAt: 'asc' }, take: 1 });
    const [bFirst, bSecond] = await db.paymentProof.findMany({ where: { sha256: 'two-copies' }, orderBy: { uploadedAt: 'asc' } });
    const beside = await findProofsWithSameContentAll(db, [aFirst.id, bFirst.id]);
    expect(beside.get(aFirst.id)).toHaveLength(50);
    expect(beside.get(bFirst.id)).toEqual([expect.objectContaining({ id: bSecond.id, match: 'exact' })]);
  });
});
