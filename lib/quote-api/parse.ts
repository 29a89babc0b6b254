import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { toBaht, CUSTOMER_TYPES, INSURANCE_LEVELS, PAYMENT_METHODS, SUPPLY_IDS, TERM_CODES, type Quote, type SupplyId } from '@/lib/pricing';
import { translator } from '@/lib/i18n/translator';
import { priceDraft, type PricingCatalogue } from '@/lib/booking/price-draft';
import { hasForbiddenCharacters } from '@/lib/validation/text';

/** Public quote API (issue 4): whole-baht integers, computed by lib/pricing with the live unit rate. */
export type QuoteApiBody = {
  currency: 'THB';
  unit: string;
  term: string;
  months: number;
  termDiscountPct: number;
  promo: { code: string; description: string } | null;
} & Record<QuoteMoneyField, number>;

const MONEY_FIELDS = [
  'monthlyRate',
  'rentBeforeDiscounts',
  'termDiscount',
  'firstMonthDiscount',
  'promoDiscount',
  'rentAfterDiscounts',
  'insurance',
  'supplies',
  'setupFee',
  'securityDeposit',
  'withholdingTax',
  'vatIncluded',
  'totalDueToday',
] as const satisfies readonly (keyof Quote)[];
type QuoteMoneyField = (typeof MONEY_FIELDS)[number];

export type QuoteApiResult =
  | { status: 200; body: QuoteApiBody }
  | { status: 400; body: { error: 'invalid_parameter' | 'invalid_promo'; parameter: string; message: string; reason?: string } }
  | { status: 500; body: { error: 'pricing_error'; message: string } };

const INSURANCE_BAHT = INSURANCE_LEVELS.map(toBaht);

const suppliesParam = z
  .string()
  .trim()
  .transform((raw, ctx) => {
    const lines = new Map<SupplyId, number>();
    if (!raw) return lines;
    for (const part of raw.split(',')) {
      const m = /^([a-z_]+):(\d{1,2})$/.exec(part.trim());
      if (!m || !(SUPPLY_IDS as readonly string[]).includes(m[1])) {
        ctx.addIssue({
          code: 'custom',
          message: `supplies must be itemId:qty pairs separated by commas (qty 0-99; items ${SUPPLY_IDS.join(', ')}); got "${part}"`,
        });
        return z.NEVER;
      }
      lines.set(m[1] as SupplyId, (lines.get(m[1] as SupplyId) ?? 0) + Number(m[2]));
    }
    if ([...lines.values()].some((q) => q > 99)) {
      ctx.addIssue({ code: 'custom', message: 'supplies quantity must be at most 99 per item' });
      return z.NEVER;
    }
    return lines;
  });

const querySchema = z.object({
  unit: z.string({ error: 'unit is required (a unit type code, e.g. m)' }).trim().toLowerCase().regex(/^[a-z0-9]{1,10}$/, 'unit must be a unit type code, e.g. m'),
  term: z.enum(TERM_CODES, { error: `term must be one of ${TERM_CODES.join(', ')}` }),
  insurance: z
    .string({ error: 'insurance is required: 0 or 100…1000 THB per month in steps of 100' })
    .regex(/^\d+$/, 'insurance must be 0 or 100…1000 THB per month in steps of 100')
    .transform(Number)
    .refine((v) => INSURANCE_BAHT.includes(v), 'insurance must be 0 or 100…1000 THB per month in steps of 100'),
  customer: z.enum(CUSTOMER_TYPES, { error: 'customer must be one of individual, business' }),
  payment: z.enum(PAYMENT_METHODS, { error: `payment must be one of ${PAYMENT_METHODS.join(', ')}` }),
  promo: z.string().trim().max(40, 'promo must be at most 40 characters').optional(),
  supplies: suppliesParam.optional(),
});

const KNOWN = ['unit', 'term', 'insurance', 'customer', 'payment', 'promo', 'supplies'] as const;

export async function quoteFromSearchParams(
  db: Db,
  params: URLSearchParams,
  now: Date = new Date(),
  catalogue?: PricingCatalogue,
): Promise<QuoteApiResult> {
  const raw: Record<string, string> = {};
  for (const key of KNOWN) {
    const all = params.getAll(key);
    if (all.some(hasForbiddenCharacters)) return { status: 400, body: { error: 'invalid_parameter', parameter: key, message: `${key} contains characters that are not allowed` } };
    if (all.length > 1) {
      return { status: 400, body: { error: 'invalid_parameter', parameter: key, message: `${key} must be given once` } };
    }
    if (all.length === 1) raw[key] = all[0];
  }
  const parsed = querySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const parameter = String(issue.path[0] ?? 'query');
    return { status: 400, body: { error: 'invalid_parameter', parameter, message: issue.message } };
  }
  const q = parsed.data;

  const priced = await priceDraft(
    db,
    {
      unitTypeCode: q.unit,
      term: q.term,
      insuranceMonthly: q.insurance * 100,
      customerType: q.customer,
      paymentMethod: q.payment,
      promoCode: q.promo || null,
      supplies: Object.fromEntries(q.supplies ?? []),
    },
    { now, locale: 'en', catalogue },
  );
  if (!priced.ok) {
    switch (priced.error) {
      case 'unknown_unit':
        return { status: 400, body: { error: 'invalid_parameter', parameter: 'unit', message: `unknown unit type "${q.unit}"` } };
      case 'invalid_promo':
        // Unknown, expired, not yet active and used up all read the same: the API does not tell whether a code
        // exists (docs/product-rules.md#holds, "Promo codes"); the wizard says more after a real, throttled attempt.
        return {
          status: 400,
          body: { error: 'invalid_promo', parameter: 'promo', reason: 'not_valid', message: translator('en', 'bookingErrors')('promo.not_valid') },
        };
      case 'supply_not_sold':
        return { status: 400, body: { error: 'invalid_parameter', parameter: 'supplies', message: `supplies item "${priced.supplyId}" is not on sale` } };
      case 'pricing':
        return { status: 500, body: { error: 'pricing_error', message: priced.message } };
    }
  }
  const { quote, unitType } = priced;
  const promoInfo: QuoteApiBody['promo'] = priced.promo && { code: priced.promo.code, description: priced.promo.description };

  const money = Object.fromEntries(MONEY_FIELDS.map((f) => [f, toBaht(quote[f])])) as Record<QuoteMoneyField, number>;
  return {
    status: 200,
    body: {
      currency: 'THB',
      unit: unitType.code,
      term: q.term,
      months: quote.months,
      termDiscountPct: quote.termDiscountPct,
      promo: promoInfo,
      ...money,
    },
  };
}
