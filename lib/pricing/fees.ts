// What staff charge after the booking (docs/product-rules.md#documents-staff-issue): the rental agreement's fees and
// packing supplies sold at the counter, priced like every other line (integer satang, whole-baht lines, VAT 7%
// included), and the VAT a credit note takes back. Pure.
import { MAX_SUPPLY_QTY, roundHalfUpToBaht } from './index';
import { vatIncludedIn } from './renewal';

/**
 * The agreement's fees that staff invoice by hand (docs/product-rules.md#agreement-and-business-facts). The overlock
 * fee is not here: the billing job invoices it at day 30 of arrears (OVERLOCK_FEE in ./renewal).
 */
export const AGREEMENT_FEES = {
  cleaning: 50_000,
  cut_lock: 25_000,
  lost_master_lock: 300_000,
  relocation: 50_000,
} as const satisfies Record<string, number>;

export type AgreementFee = keyof typeof AGREEMENT_FEES;
export const AGREEMENT_FEE_CODES = Object.keys(AGREEMENT_FEES) as AgreementFee[];

export interface CounterItem {
  /** 'fee' for an agreement fee, 'product' for a packing supply */
  kind: 'fee' | 'product';
  /** the fee code or the supply id */
  code: string;
  quantity: number;
  /** satang each, from AGREEMENT_FEES or the supplies catalogue (never from the browser) */
  unitSatang: number;
}

export interface CounterQuote {
  lines: (CounterItem & { amountSatang: number })[];
  /** VAT contained in the total (7/107, whole baht like the quote's line) */
  vatIncluded: number;
  total: number;
}

export class CounterPricingError extends Error {}

/**
 * An invoice staff issue at the counter: each line is price × quantity rounded half-up to a whole baht, the total is
 * the sum of the lines and VAT is contained in it. No withholding: fees and supplies are not rent (as the billing
 * job's late and overlock fees).
 */
export function priceCounterInvoice(items: readonly CounterItem[]): CounterQuote {
  const lines = items
    .filter((i) => i.quantity !== 0)
    .map((i) => {
      if (!Number.isInteger(i.quantity) || i.quantity < 0 || i.quantity > MAX_SUPPLY_QTY) throw new CounterPricingError(`quantity must be 0..${MAX_SUPPLY_QTY}, got ${i.quantity}`);
      if (!Number.isSafeInteger(i.unitSatang) || i.unitSatang <= 0) throw new CounterPricingError(`price must be positive satang, got ${i.unitSatang}`);
      return { ...i, amountSatang: roundHalfUpToBaht(BigInt(i.unitSatang) * BigInt(i.quantity)) };
    });
  if (!lines.length) throw new CounterPricingError('nothing to invoice');
  const total = lines.reduce((a, l) => a + l.amountSatang, 0);
  return { lines, vatIncluded: vatIncludedIn(total), total };
}

/**
 * The VAT a credit note takes back (Revenue Code s.86/10: the difference and the VAT on it): 7/107 of the amount
 * credited, rounded half-up to a whole baht like the invoice's own VAT line, never more than the VAT still on the
 * invoice. The note that credits everything that is left takes all the VAT that is left, so an invoice's VAT less
 * its notes' VAT is never negative and a fully credited invoice carries no VAT. `vatableSatang` is the invoice's
 * VAT-inclusive value of goods and services (deposit and withholding lines excluded); credits come off it.
 */
export function creditNoteVat(input: { invoiceVatSatang: number; vatableSatang: number; creditedBeforeSatang: number; creditedVatBeforeSatang: number; amountSatang: number }): number {
  const { invoiceVatSatang, vatableSatang, creditedBeforeSatang, creditedVatBeforeSatang, amountSatang } = input;
  for (const v of Object.values(input)) if (!Number.isSafeInteger(v) || v < 0) throw new RangeError('credit note VAT inputs must be non-negative satang');
  const left = Math.max(0, vatableSatang - creditedBeforeSatang);
  const vatLeft = Math.max(0, invoiceVatSatang - creditedVatBeforeSatang);
  if (amountSatang >= left) return Math.min(vatLeft, amountSatang);
  return Math.min(vatLeft, vatIncludedIn(amountSatang));
}
