import 'server-only';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { computeQuote, PricingError, type CustomerType, type PaymentMethod, type Promo, type Quote, type SupplyId, type TermCode } from '@/lib/pricing';
import { effectiveMonthlyRate } from '@/lib/units/availability';
import { findActiveUnitType, type ActiveUnitType } from '@/lib/units/listing';
import type { PromoCheckResult } from './draft';
import { lookupPromoCode, promoForPricing } from './promo';
import { loadSupplyItems, supplyName, type SupplyItemInfo } from '@/lib/supplies/catalogue';

/** Every choice that changes the price, as the wizard's draft or the quote API's query gives them. */
export interface DraftChoices {
  unitTypeCode: string;
  term: TermCode;
  /** satang per month; 0 = no insurance */
  insuranceMonthly: number;
  customerType: CustomerType;
  paymentMethod: PaymentMethod;
  promoCode: string | null;
  supplies: Partial<Record<SupplyId, number>>;
}

export interface SupplyLine {
  id: SupplyId;
  label: string;
  quantity: number;
  priceSatang: number; // satang each
  lineTotal: number; // satang
}

export interface PricedDraft {
  ok: true;
  unitType: ActiveUnitType;
  /** satang: what a booking starting now pays per month */
  monthlyRate: number;
  quote: Quote;
  promo: { id: string; code: string; description: string } | null;
  supplies: SupplyLine[];
}

export type PriceDraftFailure =
  | { ok: false; error: 'unknown_unit' }
  | { ok: false; error: 'invalid_promo'; reason: Extract<PromoCheckResult, { status: 'invalid' }>['reason'] }
  | { ok: false; error: 'supply_not_sold'; supplyId: SupplyId }
  | { ok: false; error: 'pricing'; message: string; monthlyRate: number };

/** Where prices come from: the database as it is now (default), or the public catalogue's cached copy (the quote API). */
export interface PricingCatalogue {
  unitType(code: string): Promise<ActiveUnitType | null>;
  supplyItems(): Promise<Map<SupplyId, SupplyItemInfo>>;
}

export function liveCatalogue(db: Db): PricingCatalogue {
  return { unitType: (code) => findActiveUnitType(db, code), supplyItems: () => loadSupplyItems(db) };
}

/**
 * THE way to price a booking's choices with live data: the unit type's current rate, the promo code's record, the
 * supplies on sale today, through lib/pricing. The booking and the public quote API both call it, so they can never
 * price the same choices differently (the quote API reads a copy at most seconds old, docs/product-rules.md#caching;
 * a booking always reads the database). Items taken off sale are refused, never priced from the catalogue.
 */
export async function priceDraft(
  db: Db,
  choices: DraftChoices,
  opts: { now: Date; locale: Locale; catalogue?: PricingCatalogue },
): Promise<PricedDraft | PriceDraftFailure> {
  const catalogue = opts.catalogue ?? liveCatalogue(db);
  const unitType = await catalogue.unitType(choices.unitTypeCode);
  if (!unitType) return { ok: false, error: 'unknown_unit' };
  const monthlyRate = effectiveMonthlyRate(unitType, opts.now);

  let promo: PricedDraft['promo'] = null;
  let pricingPromo: Promo | null = null;
  if (choices.promoCode) {
    const { result, id } = await lookupPromoCode(db, choices.promoCode, opts.now, opts.locale);
    if (result.status !== 'valid' || !id) return { ok: false, error: 'invalid_promo', reason: result.status === 'invalid' ? result.reason : 'error' };
    promo = { id, code: result.code, description: result.description };
    pricingPromo = promoForPricing(result);
  }

  const wanted = (Object.entries(choices.supplies) as [SupplyId, number][]).filter(([, quantity]) => quantity);
  // Most bookings take no supplies: the catalogue is read only when some are wanted (one statement fewer a submit).
  const onSale = wanted.length ? await catalogue.supplyItems() : new Map<SupplyId, SupplyItemInfo>();
  const supplies: SupplyLine[] = [];
  for (const [id, quantity] of wanted) {
    const item = onSale.get(id);
    if (!item) return { ok: false, error: 'supply_not_sold', supplyId: id };
    supplies.push({ id, label: supplyName(item, opts.locale), quantity, priceSatang: item.priceSatang, lineTotal: item.priceSatang * quantity });
  }

  try {
    const quote = computeQuote({
      monthlyRate,
      pricingMode: unitType.pricingMode,
      term: choices.term,
      insuranceMonthly: choices.insuranceMonthly,
      supplies: supplies.map((s) => ({ priceSatang: s.priceSatang, quantity: s.quantity })),
      customerType: choices.customerType,
      paymentMethod: choices.paymentMethod,
      promo: pricingPromo,
    });
    return { ok: true, unitType, monthlyRate, quote, promo, supplies };
  } catch (error) {
    if (error instanceof PricingError) return { ok: false, error: 'pricing', message: error.message, monthlyRate };
    throw error;
  }
}
