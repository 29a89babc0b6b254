import { describe, expect, it } from 'vitest';
import type { BookingDraft } from '@/lib/booking/draft';
import { emptyDraft } from '@/lib/booking/empty-draft';
import { completeDraft } from '@/test/fixtures/booking-drafts';
import { PAYMENT_METHODS } from '@/lib/pricing';
import { canContinue, continueFrom, goBack, moveTo, type NavigationContext } from './wizard-navigation';
import { WIZARD_STEPS } from './wizard-steps';

const ctx: NavigationContext = { bookable: (code) => code === 'm', agreement: { id: 'doc-1', locale: 'th' }, now: () => '2026-11-22T05:00:00.000Z', unavailableMethods: [] };
const at = (step: number, o: Partial<BookingDraft> = {}) => completeDraft({ step, paymentStatus: null, ...o });

describe('the wizard steps', () => {
  it('are twelve, in the booking order, each with a title', () => {
    expect(WIZARD_STEPS.map((s) => s.id)).toEqual(['unit', 'customer', 'date', 'terms', 'insurance', 'promo', 'supplies', 'contact', 'payment', 'agreement', 'proof', 'review']);
  });

  it('enable Next only once the step has what it asks for', () => {
    const empty = { ...emptyDraft('k-12345678'), step: 1 };
    const enabled = (d: BookingDraft) => canContinue(WIZARD_STEPS, d, ctx);
    expect(enabled(empty)).toBe(false);
    expect(enabled({ ...empty, unitTypeCode: 'xxl' })).toBe(false); // sold out or unpriced
    expect(enabled({ ...empty, unitTypeCode: 'm' })).toBe(true);
    expect(enabled({ ...empty, step: 2 })).toBe(false);
    expect(enabled({ ...empty, step: 2, customerType: 'business' })).toBe(true);
    expect(enabled({ ...empty, step: 5, insuranceMonthly: 0 })).toBe(true); // "No insurance" is a choice
    expect(enabled({ ...empty, step: 6 })).toBe(true);
    expect(enabled({ ...empty, step: 7 })).toBe(true);
    expect(enabled({ ...empty, step: 8, contact: { ...empty.contact, firstName: 'A', lastName: 'B', email: 'a@b.co' } })).toBe(false);
    expect(enabled(at(8))).toBe(true);
    expect(enabled(at(10, { agreement: { scrolled: true, agreed: true, signature: '  ', signedAt: null, documentId: null } }))).toBe(false);
    expect(enabled(at(10))).toBe(true);
    expect(enabled(at(11, { paymentMethod: 'crypto', paymentStatus: 'awaiting_verification' }))).toBe(false);
    expect(enabled(at(11, { paymentMethod: 'crypto', paymentStatus: 'crypto_payment_sent' }))).toBe(true);
    expect(enabled(at(11, { paymentMethod: 'bank_transfer', paymentStatus: 'awaiting_verification' }))).toBe(true);
    // The last step has no Next.
    expect(enabled(at(12))).toBe(false);
  });

  it('do not continue at step 9 with a method that cannot be used now (a restored draft chose card before the key went)', () => {
    const offline = { ...ctx, unavailableMethods: ['card', 'promptpay'] };
    expect(canContinue(WIZARD_STEPS, at(9, { paymentMethod: 'card' }), offline)).toBe(false);
    expect(canContinue(WIZARD_STEPS, at(9, { paymentMethod: 'promptpay' }), offline)).toBe(false);
    expect(canContinue(WIZARD_STEPS, at(9, { paymentMethod: 'cash' }), offline)).toBe(true);
    expect(canContinue(WIZARD_STEPS, at(9, { paymentMethod: 'card' }), ctx)).toBe(true);
  });
});

describe('navigation', () => {
  it('stays within 1…12', () => {
    expect(goBack(WIZARD_STEPS, at(1)).step).toBe(1);
    expect(moveTo(WIZARD_STEPS, at(12), 13).step).toBe(12);
  });

  it('refuses Next while the step is incomplete', () => {
    const d = at(2, { customerType: null });
    expect(continueFrom(WIZARD_STEPS, d, ctx)).toBe(d);
  });

  it.each([
    ['card', 'pending_payment'],
    ['promptpay', 'pending_payment'],
    ['cash', 'pending_arrival'],
  ] as const)('passes over the payment step for %s, both ways, with status %s', (paymentMethod, status) => {
    const forward = continueFrom(WIZARD_STEPS, at(10, { paymentMethod, paymentStatus: 'pending' }), ctx);
    expect(forward).toMatchObject({ step: 12, paymentStatus: status });
    const backward = goBack(WIZARD_STEPS, { ...forward, paymentStatus: 'pending' });
    expect(backward).toMatchObject({ step: 10, paymentStatus: status });
  });

  it.each(['bank_transfer', 'crypto'] as const)('stops at the payment step for %s', (paymentMethod) => {
    expect(continueFrom(WIZARD_STEPS, at(10, { paymentMethod, paymentStatus: 'awaiting_verification' }), ctx).step).toBe(11);
    expect(goBack(WIZARD_STEPS, at(12, { paymentMethod })).step).toBe(11);
  });

  it('leaving the agreement records when and which document was signed, keeping an earlier time', () => {
    const d = continueFrom(WIZARD_STEPS, at(10, { paymentMethod: 'bank_transfer', agreement: { scrolled: true, agreed: true, signature: 'Anna', signedAt: null, documentId: null } }), ctx);
    expect(d.agreement).toMatchObject({ signedAt: '2026-11-22T05:00:00.000Z', documentId: 'doc-1', locale: 'th' });
    const again = continueFrom(WIZARD_STEPS, { ...at(10, { paymentMethod: 'bank_transfer' }), agreement: { ...d.agreement, signedAt: '2026-11-21T00:00:00.000Z' } }, ctx);
    expect(again.agreement.signedAt).toBe('2026-11-21T00:00:00.000Z');
  });

  it('a draft that comes back signed does not leave the agreement before the agreement is on screen', () => {
    const signed = at(10, { paymentMethod: 'cash', agreement: { scrolled: true, agreed: true, signature: 'Anna', signedAt: null, documentId: null } });
    expect(continueFrom(WIZARD_STEPS, signed, { ...ctx, agreement: null }).step).toBe(10);
    expect(continueFrom(WIZARD_STEPS, signed, ctx).step).toBe(12);
  });

  it('leaving the bank step without a slip waits for the transfer; with one it stays proof_uploaded', () => {
    expect(continueFrom(WIZARD_STEPS, at(11, { paymentMethod: 'bank_transfer', paymentStatus: 'awaiting_verification' }), ctx)).toMatchObject({ step: 12, paymentStatus: 'pending_bank_transfer' });
    expect(continueFrom(WIZARD_STEPS, at(11, { paymentMethod: 'bank_transfer', paymentStatus: 'proof_uploaded' }), ctx)).toMatchObject({ step: 12, paymentStatus: 'proof_uploaded' });
  });

  it('every method reaches the review from the agreement', () => {
    for (const paymentMethod of PAYMENT_METHODS) {
      let d = at(10, { paymentMethod, paymentStatus: paymentMethod === 'crypto' ? 'crypto_payment_sent' : 'awaiting_verification' });
      for (let i = 0; i < 3 && d.step < 12; i++) d = continueFrom(WIZARD_STEPS, d, ctx);
      expect(d.step, paymentMethod).toBe(12);
    }
  });
});
