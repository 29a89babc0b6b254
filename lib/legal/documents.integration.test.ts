import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { LOCALES } from '@/lib/i18n/routing';
import { DEFAULT_AGREEMENT } from './default-agreement';
import { getLegalDialogText, getRentalAgreement } from './documents';

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-legal-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), RESEND_API_KEY: undefined });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('legal dialog texts', () => {
  it('shows the active database agreement while there is one', async () => {
    const stored = await db.legalDocument.findFirstOrThrow({ where: { type: 'rental_agreement', locale: 'th', isActive: true } });
    await db.legalDocument.update({ where: { id: stored.id }, data: { title: 'สัญญาฉบับแก้ไข' } });
    expect((await getRentalAgreement(db, 'th')).id).toBe(stored.id);
    expect(await getLegalDialogText(db, 'rental_agreement', 'th')).toMatchObject({ title: 'สัญญาฉบับแก้ไข' });
  });

  it('a failed read never puts the built-in agreement in place of the active one; terms and privacy show their placeholder', async () => {
    const down = { legalDocument: { findMany: () => Promise.reject(new Error('connection lost')) } } as unknown as Db;
    await expect(getRentalAgreement(down, 'th')).rejects.toThrow('connection lost');
    await expect(getLegalDialogText(down, 'rental_agreement', 'th')).rejects.toThrow('connection lost');
    expect(await getLegalDialogText(down, 'terms_conditions', 'th')).toBeNull();
  });

  it('falls back to the built-in agreement in each language when no agreement is active', async () => {
    await db.legalDocument.updateMany({ where: { type: 'rental_agreement' }, data: { isActive: false } });
    for (const locale of LOCALES) {
      const doc = await getLegalDialogText(db, 'rental_agreement', locale);
      expect(doc?.title).toBe(DEFAULT_AGREEMENT[locale].title);
      // Variables become blanks to fill in, as in a stored agreement's preview.
      expect(doc?.html).not.toMatch(/\{\{/);
      expect(doc?.html).toContain('________');
      expect((await getRentalAgreement(db, locale)).id).toBeNull();
    }
    const en = (await getLegalDialogText(db, 'rental_agreement', 'en'))!.html;
    for (const term of ['grace period of 10 days', 'late fee of 10% of the monthly rent', 'overlock fee of 250 THB', 'held for you for 6 months', 'within 30 days of move-out', 'limited to one month\'s rent', 'Monday to Saturday, 9:00–18:00']) {
      expect(en).toContain(term);
    }
    expect((await getLegalDialogText(db, 'rental_agreement', 'ru'))!.html).toContain('10 дней');
  });

  it('keeps the placeholder (null) for missing terms and privacy', async () => {
    await db.legalDocument.updateMany({ where: { type: { in: ['terms_conditions', 'privacy_policy'] } }, data: { isActive: false } });
    expect(await getLegalDialogText(db, 'terms_conditions', 'en')).toBeNull();
    expect(await getLegalDialogText(db, 'privacy_policy', 'th')).toBeNull();
  });

  it('a booking signed without an active agreement stores the built-in text, filled in', async () => {
    const r = await createBooking(db, completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const booking = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    expect(booking.agreementDocumentId).toBeNull();
    expect(booking.agreementText).toContain('grace period of 10 days');
    expect(booking.agreementText).toContain('Anna Test');
  });

  it('a customer who read the built-in agreement signs it, even if staff activate one before the booking is sent', async () => {
    // The wizard loaded the agreement while none was active (id null); staff then activate their own.
    const draft = completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' });
    expect(draft.agreement.documentId).toBeNull();
    const staffDoc = await db.legalDocument.create({
      data: { type: 'rental_agreement', locale: 'en', title: 'House rules', content: '<p>A staff agreement: keys are returned at move-out.</p>', version: 9, isActive: true, supportsVariables: true },
    });
    expect((await getRentalAgreement(db, 'en')).id).toBe(staffDoc.id);
    const r = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const booking = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    expect(booking.agreementDocumentId).toBeNull();
    expect(booking.agreementText).toContain('grace period of 10 days');
    expect(booking.agreementText).not.toContain('keys are returned at move-out');
    // A customer whose wizard showed the staff document signs that one.
    const next = await createBooking(db, completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival', agreement: { ...draft.agreement, documentId: staffDoc.id } }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!next.ok) throw new Error(next.message);
    const signed = await db.booking.findUniqueOrThrow({ where: { id: next.bookingId } });
    expect(signed.agreementDocumentId).toBe(staffDoc.id);
    expect(signed.agreementText).toContain('keys are returned at move-out');
  });

  it('a customer who signs in English and then sends the booking from the Thai wizard has the English text stored', async () => {
    await db.legalDocument.updateMany({ where: { type: 'rental_agreement' }, data: { isActive: false } });
    const signedInEnglish = completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' });
    const draft = { ...signedInEnglish, agreement: { ...signedInEnglish.agreement, documentId: null, locale: 'en' as const } };
    const r = await createBooking(db, draft, { locale: 'th', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(r.message);
    const booking = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    expect(booking.agreementText).toContain('grace period of 10 days');
    // Every part of it in English, the unit's name and the filled-in particulars too: not a Thai letter (฿ is one
    // of the Thai block's signs, written in every language).
    expect(booking.agreementText).not.toMatch(/[\u0E01-\u0E3A\u0E40-\u0E5B]/);
    // The signature's time as the English page writes it: no Buddhist-era year.
    const signatureLine = booking.agreementText.slice(booking.agreementText.lastIndexOf('\n<p><strong>'));
    expect(signatureLine).toContain('2026');
    expect(signatureLine).not.toContain('2569');
  });
});
