/**
 * Builds the lib/pricing input from the wizard draft. The running total and the review both go through here,
 * so the amount shown while choosing is exactly the amount on the review (and what the server recomputes).
 */
import { computeQuote, type Promo, type Quote } from '@/lib/pricing';
import type { BookingDraft } from '@/lib/booking/draft';
import type { AppliedPromo } from './client-storage';
import type { WizardSupply, WizardUnitType } from '@/lib/booking/wizard-data';

export function promoForPricing(promo: AppliedPromo | null): Promo | null {
  if (!promo) return null;
  return promo.discountType === 'percentage'
    ? { type: 'percentage', percent: promo.discountValue }
    : { type: 'fixed', amountSatang: promo.discountValue };
}

export type QuoteOutcome = { status: 'ok'; quote: Quote } | { status: 'incomplete' } | { status: 'error' };

/**
 * `provisional` fills choices not made yet with the cheapest neutral ones (no insurance, a method with deposit),
 * for the running total; the review passes false and needs every choice.
 */
export function quoteForDraft(
  draft: BookingDraft,
  unit: WizardUnitType | null,
  supplies: WizardSupply[],
  promo: AppliedPromo | null,
  provisional: boolean,
): QuoteOutcome {
  if (!unit || !draft.term || !draft.customerType) return { status: 'incomplete' };
  if (!provisional && (draft.insuranceMonthly == null || !draft.paymentMethod)) return { status: 'incomplete' };
  try {
    const quote = computeQuote({
      monthlyRate: unit.monthlyRate,
      pricingMode: unit.pricingMode,
      term: draft.term,
      insuranceMonthly: draft.insuranceMonthly ?? 0,
      supplies: supplies.map((s) => ({ priceSatang: s.priceSatang, quantity: draft.supplies[s.id] ?? 0 })),
      customerType: draft.customerType,
      // Until a method is picked the deposit is included: a card choice can only lower the total, never surprise.
      paymentMethod: draft.paymentMethod ?? 'bank_transfer',
      promo: draft.promoCode && promo?.code === draft.promoCode ? promoForPricing(promo) : null,
    });
    return { status: 'ok', quote };
  } catch {
    return { status: 'error' };
  }
}
