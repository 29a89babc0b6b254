import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { openTestDb } from '@/test/db';
import { startFakeStripe, type FakeStripe } from '@/test/fakes/stripe-server';
import type { Db } from '@/lib/db';
import { PAYMENT_METHODS, type CustomerType } from '@/lib/pricing';
import { translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { quoteForDraft } from '@/app/[locale]/booking-v2/_components/wizard-quote';
import { agreementTextFor } from './agreement';
import { loadWizardData } from './wizard-data';
import { getRentalAgreement } from '@/lib/legal/documents';
import { createBooking } from './create-booking';
import { completeDraft, example2, TEST_NOW } from '@/test/fixtures/booking-drafts';

// The stored agreementText is the legal record: it must be the text the customer read and signed in the wizard.
let db: Db;
let close: () => Promise<void>;
let fakeStripe: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  fakeStripe = await startFakeStripe({ webhookUrl: 'http://127.0.0.1:9/', webhookSecret: 'whsec_agreement' });
  stripe = createStripeClient({ secretKey: 'sk_test_fake', webhookSecret: undefined, apiBase: fakeStripe.url })!;
  // Room for every combination below.
  const m = await db.unitType.findUniqueOrThrow({ where: { code: 'm' } });
  await db.unit.createMany({ data: Array.from({ length: 30 }, (_, i) => ({ number: `M-AGR-${i}`, unitTypeId: m.id })) });
});
afterAll(async () => {
  await fakeStripe.close();
  await close();
});

/** What the wizard shows at step 10, built exactly as the wizard builds it (the agreement as GET /api/agreement gives it). */
async function wizardAgreement(draft: ReturnType<typeof completeDraft>, locale: Locale): Promise<string> {
  const [data, agreement] = await Promise.all([loadWizardData(db, locale), getRentalAgreement(db, locale)]);
  const unit = data.unitTypes!.find((u) => u.code === draft.unitTypeCode)!;
  const quote = quoteForDraft(draft, unit, data.supplies, null, true);
  if (quote.status !== 'ok') throw new Error('the wizard could not price the draft');
  return agreementTextFor(agreement.html, draft, unit, quote.quote, locale, translator(locale, 'booking'));
}

/** The stored text without the signature line the server appends. */
const signedBody = (text: string) => text.slice(0, text.lastIndexOf('\n<p><strong>'));

describe('the signed agreement is the text the wizard showed', () => {
  const customers: CustomerType[] = ['individual', 'business'];
  const cases = customers.flatMap((customerType) => PAYMENT_METHODS.map((paymentMethod, i) => ({ customerType, paymentMethod, insured: i % 2 === 0 })));

  it.each(cases)('$customerType paying by $paymentMethod (insurance: $insured)', async ({ customerType, paymentMethod, insured }) => {
    const base = customerType === 'business' ? example2() : completeDraft();
    const draft = completeDraft({
      unitTypeCode: 'm',
      customerType,
      contact: base.contact,
      paymentMethod,
      paymentStatus: paymentMethod === 'crypto' ? 'crypto_payment_sent' : null,
      insuranceMonthly: insured ? 30_000 : 0,
    });
    const shown = await wizardAgreement(draft, 'en');
    const r = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe, sendEmails: false });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const stored = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, select: { agreementText: true } });
    expect(signedBody(stored.agreementText)).toBe(shown);
    expect(stored.agreementText).toContain(draft.agreement.signature);
  });

  it('in Thai too: a business card booking reads the company, the unit size, WAIVED and no insurance', async () => {
    const draft = example2({ unitTypeCode: 'm', supplies: {}, promoCode: null, paymentMethod: 'card', paymentStatus: null, insuranceMonthly: 0 });
    const shown = await wizardAgreement(draft, 'th');
    const th = translator('th', 'booking');
    expect(shown).toContain(`${draft.contact.companyName.replace(/\./g, '.')} (Somchai Business)`);
    expect(shown).toContain(th('review.lines.depositWaived'));
    expect(shown).toContain(th('review.noInsurance'));
    const r = await createBooking(db, draft, { locale: 'th', now: TEST_NOW, stripe, sendEmails: false });
    if (!r.ok) throw new Error(r.message);
    const stored = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, select: { agreementText: true } });
    expect(signedBody(stored.agreementText)).toBe(shown);
    // Signed on 22 Nov 2026 at noon in Bangkok: the signature line writes it like the Thai pages, Buddhist era 2569
    // (issue 37: it read "2026-11-22T05:00:00.000Z").
    const signatureLine = stored.agreementText.slice(stored.agreementText.lastIndexOf('\n<p><strong>'));
    expect(signatureLine).toContain('22 พ.ย. 2569 12:00');
    expect(signatureLine).not.toMatch(/2026|T\d{2}:/);
  });

  it('a Thai wizard showing the English document (no Thai one active) stores it as shown, its particulars in Thai', async () => {
    const thai = await db.legalDocument.findMany({ where: { type: 'rental_agreement', locale: 'th', isActive: true }, select: { id: true } });
    await db.legalDocument.updateMany({ where: { id: { in: thai.map((d) => d.id) } }, data: { isActive: false } });
    try {
      const english = await getRentalAgreement(db, 'th');
      expect(english.id).not.toBeNull();
      const base = completeDraft({ unitTypeCode: 'm', paymentMethod: 'cash', paymentStatus: 'pending_arrival' });
      const draft = { ...base, agreement: { ...base.agreement, documentId: english.id, locale: 'th' as const } };
      const shown = await wizardAgreement(draft, 'th');
      // The English document, filled by the Thai wizard: the unit is named in Thai.
      expect(shown).toContain('This Self-Storage Rental Agreement');
      expect(shown).toMatch(/<td>ห้องเก็บของ/);
      const r = await createBooking(db, draft, { locale: 'th', now: TEST_NOW, stripe, sendEmails: false });
      if (!r.ok) throw new Error(r.message);
      const stored = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, select: { agreementText: true, agreementDocumentId: true } });
      expect(stored.agreementDocumentId).toBe(english.id);
      expect(signedBody(stored.agreementText)).toBe(shown);
    } finally {
      await db.legalDocument.updateMany({ where: { id: { in: thai.map((d) => d.id) } }, data: { isActive: true } });
    }
  });
});
