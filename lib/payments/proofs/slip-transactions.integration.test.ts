// Slips read by their own QR (docs/product-rules.md#thai-money): the bank and transaction reference are kept with the
// slip; the same transaction is refused on a second payment whatever the file's bytes (a re-saved, resized copy); a
// slip-verification provider (a local fake) that confirms amount, date and our account settles the payment without a
// person; any other answer leaves it for staff with the reasons.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { bankSlip, reencodedCopy } from '@/test/fixtures/slips';
import { startFakeSlipProvider, type FakeSlipProvider } from '@/test/fakes/slip-verify-server';
import { storePendingProof } from './proof-store';
import { recordOfflinePayment } from '../offline-payments';
import { PROVIDER_REVIEWER } from '../slip-verify';

let db: Db;
let close: () => Promise<void>;
let tmp: string;
let provider: FakeSlipProvider;
const TOKEN = 'slip-provider-test-token';

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-slipqr-'));
  provider = await startFakeSlipProvider({ token: TOKEN });
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SLIP_VERIFY_URL: undefined, SLIP_VERIFY_TOKEN: undefined });
  const s = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  await db.unit.createMany({ data: Array.from({ length: 12 }, (_, i) => ({ number: `S-Q${i}`, unitTypeId: s.id, status: 'available' as const })) });
});
afterAll(async () => {
  resetEnvForTests();
  await provider.close();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const LATER = new Date(TEST_NOW.getTime() + 60 * 60 * 1000);
const withProvider = (on: boolean) =>
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SLIP_VERIFY_URL: on ? provider.url : undefined, SLIP_VERIFY_TOKEN: on ? TOKEN : undefined });

let n = 0;
async function transferBooking() {
  const draft = completeDraft({ unitTypeCode: 's', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' });
  const r = await createBooking(db, { ...draft, contact: { ...draft.contact, email: `slip-${n++}@example.com` } }, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  return db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId, kind: 'initial' } });
}

async function upload(bytes: Uint8Array, name = 'slip.png') {
  const stored = await storePendingProof(db, bytes, name);
  if (!stored.ok) throw new Error('upload refused');
  return stored.proof;
}

describe('slips read by their own QR', () => {
  it('keeps the sending bank and transaction reference with the slip', async () => {
    withProvider(false);
    const invoice = await transferBooking();
    const slip = await bankSlip({ sendingBank: '014' });
    const proof = await upload(slip.png);
    expect(proof.slip).toMatchObject({ sendingBank: '014', transRef: slip.transRef });
    const r = await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: proof.id, now: LATER });
    expect(r).toMatchObject({ ok: true, status: 'proof_uploaded' });
    const row = await db.paymentProof.findFirstOrThrow({ where: { paymentId: (r as { paymentId: string }).paymentId } });
    expect(row).toMatchObject({ slipBank: '014', slipTransRef: slip.transRef, slipCheck: null, status: 'pending' });
  });

  it('refuses the same transaction on a second payment, even as a re-saved, resized copy, and writes nothing', async () => {
    withProvider(false);
    const first = await transferBooking();
    const slip = await bankSlip();
    const r1 = await recordOfflinePayment(db, { invoiceId: first.id, method: 'bank_transfer', proofId: (await upload(slip.png)).id, now: LATER });
    expect(r1.ok).toBe(true);
    // The same transfer again on the SAME payment: accepted, not stored twice.
    const again = await upload(await reencodedCopy(slip.png, 0.8), 'again.jpg');
    expect(await recordOfflinePayment(db, { invoiceId: first.id, method: 'bank_transfer', proofId: again.id, now: LATER })).toMatchObject({ ok: true });
    expect(await db.paymentProof.count({ where: { slipTransRef: slip.transRef } })).toBe(1);
    // Another invoice (another customer) with a copy of that slip: other bytes, same transaction, refused.
    const second = await transferBooking();
    const copy = await upload(await reencodedCopy(slip.png, 0.6), 'copy.jpg');
    expect(copy.sha256).not.toBe((await db.paymentProof.findFirstOrThrow({ where: { slipTransRef: slip.transRef } })).sha256);
    expect(await recordOfflinePayment(db, { invoiceId: second.id, method: 'bank_transfer', proofId: copy.id, now: LATER })).toEqual({ ok: false, error: 'proof_used' });
    expect(await db.payment.count({ where: { invoiceId: second.id, status: 'proof_uploaded' } })).toBe(0);
    expect(await db.paymentProof.count({ where: { slipTransRef: slip.transRef } })).toBe(1);
  });
});

describe('a slip-verification provider', () => {
  it('confirms amount, date and our account: the payment is settled without a person, marked verified by the provider', async () => {
    withProvider(true);
    const invoice = await transferBooking();
    const slip = await bankSlip();
    provider.record(slip.transRef, { amountBaht: invoice.totalSatang / 100, date: new Date(TEST_NOW.getTime() + 10 * 60_000).toISOString(), receiverAccount: 'xxx-x-x6789-x' });
    const r = await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: (await upload(slip.png)).id, now: LATER });
    expect(r).toMatchObject({ ok: true, status: 'paid' });
    expect(provider.received.at(-1)).toMatchObject({ transRef: slip.transRef, payload: slip.payload });
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('paid');
    const proof = await db.paymentProof.findFirstOrThrow({ where: { slipTransRef: slip.transRef } });
    expect(proof).toMatchObject({ status: 'verified', reviewedBy: PROVIDER_REVIEWER, slipCheck: { status: 'confirmed', reasons: [], amountSatang: invoice.totalSatang } });
    expect(await db.auditLog.count({ where: { action: 'payment.provider_verified', entityId: (r as { paymentId: string }).paymentId } })).toBe(1);
  });

  it('an amount that differs, another account or a provider that is down leaves the slip to staff, with the reason', async () => {
    withProvider(true);
    const cases: [string, (transRef: string, totalSatang: number) => void, string][] = [
      ['amount', (ref, total) => provider.record(ref, { amountBaht: total / 100 - 1, date: LATER.toISOString(), receiverAccount: 'xxx-x-x6789-x' }), 'amount'],
      ['account', (ref, total) => provider.record(ref, { amountBaht: total / 100, date: LATER.toISOString(), receiverAccount: 'xxx-x-x1111-x' }), 'account'],
      ['old', (ref, total) => provider.record(ref, { amountBaht: total / 100, date: new Date(TEST_NOW.getTime() - 5 * 86_400_000).toISOString(), receiverAccount: 'xxx-x-x6789-x' }), 'date'],
      ['down', () => provider.failNext(1), 'unavailable'],
    ];
    for (const [, arrange, reason] of cases) {
      const invoice = await transferBooking();
      const slip = await bankSlip();
      arrange(slip.transRef, invoice.totalSatang);
      const r = await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: (await upload(slip.png)).id, now: LATER });
      expect(r).toMatchObject({ ok: true, status: 'proof_uploaded' });
      expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('open');
      const proof = await db.paymentProof.findFirstOrThrow({ where: { slipTransRef: slip.transRef } });
      expect(proof.status).toBe('pending');
      expect((proof.slipCheck as { reasons: string[] }).reasons).toContain(reason);
      // Staff are told there is a slip to check.
      expect(await db.emailMessage.count({ where: { template: 'staff_slip_to_check', dedupeKey: { contains: (r as { paymentId: string }).paymentId } } })).toBeGreaterThan(0);
    }
  });
});
