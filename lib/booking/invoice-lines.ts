import type { Quote } from '@/lib/pricing';
import { formatTHB } from '@/lib/format/money';
import type { Translator } from '@/lib/i18n/translator';
import { FIRST_MONTH_OFF_PCT, WHT_RATE_PCT } from '@/lib/pricing/catalog';

export type InvoiceLineInput = {
  kind: 'rent' | 'product' | 'service' | 'insurance' | 'deposit' | 'discount' | 'withholding_tax';
  description: string;
  quantity: number;
  unitSatang: number;
  amountSatang: number;
};

/** The first invoice: every quote line, discounts and withholding as negative lines, adding up to totalDueToday. */
export function invoiceLinesFor(
  q: Quote,
  ctx: { insuranceMonthly: number; supplies: { label: string; quantity: number; priceSatang: number; lineTotal: number }[]; t: Translator<'emails'>; locale: string },
): InvoiceLineInput[] {
  const { t } = ctx;
  const lines: InvoiceLineInput[] = [
    {
      kind: 'rent',
      description: t('confirmation.lines.rent', { months: q.months, rate: formatTHB(q.monthlyRate, ctx.locale) }),
      quantity: q.months,
      unitSatang: q.monthlyRate,
      amountSatang: q.rentBeforeDiscounts,
    },
  ];
  const discount = (description: string, amount: number) => {
    if (amount > 0) lines.push({ kind: 'discount', description, quantity: 1, unitSatang: -amount, amountSatang: -amount });
  };
  discount(t('confirmation.lines.termDiscount', { pct: q.termDiscountPct }), q.termDiscount);
  discount(t('confirmation.lines.firstMonthDiscount', { percent: FIRST_MONTH_OFF_PCT }), q.firstMonthDiscount);
  discount(t('confirmation.lines.promoDiscount'), q.promoDiscount);
  if (q.insurance > 0) {
    lines.push({ kind: 'insurance', description: t('confirmation.lines.insurance'), quantity: q.months, unitSatang: ctx.insuranceMonthly, amountSatang: q.insurance });
  }
  for (const s of ctx.supplies) {
    lines.push({ kind: 'product', description: s.label, quantity: s.quantity, unitSatang: s.priceSatang, amountSatang: s.lineTotal });
  }
  // Supplies are priced per line but the quote rounds their sum; keep the invoice equal to the quote.
  const suppliesDrift = q.supplies - ctx.supplies.reduce((a, s) => a + s.lineTotal, 0);
  if (suppliesDrift !== 0 && lines.length) lines[lines.length - 1].amountSatang += suppliesDrift;
  lines.push({ kind: 'service', description: t('confirmation.lines.setupFee'), quantity: 1, unitSatang: q.setupFee, amountSatang: q.setupFee });
  if (q.securityDeposit > 0) {
    lines.push({ kind: 'deposit', description: t('confirmation.lines.securityDeposit'), quantity: 1, unitSatang: q.securityDeposit, amountSatang: q.securityDeposit });
  }
  if (q.withholdingTax > 0) {
    lines.push({ kind: 'withholding_tax', description: t('confirmation.lines.withholdingTax', { percent: WHT_RATE_PCT }), quantity: 1, unitSatang: -q.withholdingTax, amountSatang: -q.withholdingTax });
  }
  return lines;
}
