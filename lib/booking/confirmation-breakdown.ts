/**
 * The price breakdown of a booked confirmation, line by line, from its stored summary: what the confirmation email
 * prints and what the customer portal shows, so both say the same thing in the same order.
 */
import type { Translator } from '@/lib/i18n/translator';
import type { ConfirmationSummary } from './snapshot';
import { FIRST_MONTH_OFF_PCT, VAT_RATE_PCT, WHT_RATE_PCT } from '@/lib/pricing/catalog';

export interface BreakdownRow {
  key: string;
  label: string;
  value: string;
  /** the total */
  strong?: boolean;
}

/** `money` formats whole baht in the reader's language (the summary is in THB). */
export function confirmationBreakdown(summary: ConfirmationSummary, t: Translator<'emails'>, money: (thb: number) => string): { rows: BreakdownRow[]; vatNote: string } {
  const li = summary.lineItems;
  const rows: BreakdownRow[] = [];
  const add = (key: string, label: string, value: string, strong = false) => rows.push({ key, label, value, ...(strong ? { strong } : {}) });
  const minus = (thb: number) => `−${money(thb)}`;

  add('rent', t('confirmation.lines.rent', { months: li.rental.termMonths, rate: money(li.rental.monthlyRateTHB) }), money(li.rental.rentBeforeDiscountsTHB));
  if (li.rental.termDiscountTHB > 0) add('termDiscount', t('confirmation.lines.termDiscount', { pct: li.rental.commitmentDiscountPct }), minus(li.rental.termDiscountTHB));
  if (li.rental.firstMonthDiscountTHB > 0) add('firstMonthDiscount', t('confirmation.lines.firstMonthDiscount', { percent: FIRST_MONTH_OFF_PCT }), minus(li.rental.firstMonthDiscountTHB));
  if (li.rental.promoDiscountTHB > 0) {
    add('promoDiscount', `${t('confirmation.lines.promoDiscount')} ${summary.terms.promoCode ?? ''}`.trim(), minus(li.rental.promoDiscountTHB));
  }
  add('rentAfterDiscounts', t('confirmation.lines.rentAfterDiscounts'), money(li.rental.netRentalTHB));
  if (li.insurance.totalTHB > 0) add('insurance', t('confirmation.lines.insurance'), money(li.insurance.totalTHB));
  for (const s of li.supplies) add(`supply:${s.id}`, t('confirmation.supplyLine', { name: s.label, qty: s.qty }), money(s.lineTotalTHB));
  add('setupFee', t('confirmation.lines.setupFee'), money(li.fees.setupFeeTHB));
  add('securityDeposit', t('confirmation.lines.securityDeposit'), li.fees.depositWaived ? t('confirmation.lines.depositWaived') : money(li.fees.securityDepositTHB));
  if (li.summary.withholdingTaxTHB > 0) add('withholdingTax', t('confirmation.lines.withholdingTax', { percent: WHT_RATE_PCT }), minus(li.summary.withholdingTaxTHB));
  add('total', t('confirmation.lines.total'), money(li.summary.totalDueTodayTHB), true);
  return { rows, vatNote: t('confirmation.lines.vat', { amount: money(li.summary.vatTHB), percent: VAT_RATE_PCT }) };
}
