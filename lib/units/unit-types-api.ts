import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { FIRST_MONTH_OFF_PCT, toBaht } from '@/lib/pricing';
import { firstMonthPrice } from './first-month-price';
import { bannerTone, type BannerTone } from './availability';
import { listUnitTypes, type UnitTypeListing } from './listing';
import { log } from '@/lib/log';

/** A price in both units: satang for arithmetic, baht for display (the quote API's unit). */
export interface ApiMoney {
  satang: number;
  baht: number;
}

export interface UnitTypeApiItem {
  code: string;
  category: UnitTypeListing['category'];
  name: string;
  description: string;
  dimensions: string;
  areaSqm: number | null;
  volumeCbm: number | null;
  availableCount: number;
  soldOut: boolean;
  /** what a booking starting now pays per month: the promotional price while its promotion runs, else the list rate */
  startingPrice: ApiMoney;
  pricingMode: UnitTypeListing['pricingMode'];
  /** first_month_off types: the first month's rent after the offer, priced by lib/pricing */
  firstMonthOffer: { percentOff: number; firstMonthPrice: ApiMoney } | null;
  banner: { text: string; tone: BannerTone } | null;
  imageUrl: string | null;
}

export type UnitTypesApiResult =
  | { status: 200; body: { currency: 'THB'; locale: Locale; unitTypes: UnitTypeApiItem[] } }
  | { status: 400; body: { error: 'invalid_parameter'; parameter: string; message: string } }
  | { status: 503; body: { error: 'unavailable'; message: string } };

const querySchema = z.object({
  locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }).default('en'),
});

const money = (satang: number): ApiMoney => ({ satang, baht: toBaht(satang) });

function firstMonthOffer(unit: UnitTypeListing): UnitTypeApiItem['firstMonthOffer'] {
  const price = firstMonthPrice(unit);
  return price === null ? null : { percentOff: FIRST_MONTH_OFF_PCT, firstMonthPrice: money(price) };
}

function toApiItem(unit: UnitTypeListing): UnitTypeApiItem {
  return {
    code: unit.code,
    category: unit.category,
    name: unit.name,
    description: unit.description,
    dimensions: unit.dimensions,
    areaSqm: unit.areaSqm,
    volumeCbm: unit.volumeCbm,
    availableCount: unit.availableCount,
    soldOut: unit.availableCount <= 0,
    startingPrice: money(unit.monthlyRate),
    pricingMode: unit.pricingMode,
    firstMonthOffer: firstMonthOffer(unit),
    banner: unit.banner ? { text: unit.banner, tone: bannerTone(unit.bannerEn ?? unit.banner) } : null,
    imageUrl: unit.imageUrl,
  };
}

/** GET /api/unit-types: the home page's live unit listing as JSON, in the listing's order (the home page preloads it). */
export async function unitTypesFromSearchParams(
  db: Db,
  params: URLSearchParams,
  now: Date = new Date(),
  read: (locale: Locale) => Promise<UnitTypeListing[]> = (locale) => listUnitTypes(db, locale, now),
): Promise<UnitTypesApiResult> {
  const given = params.getAll('locale');
  if (given.length > 1) return { status: 400, body: { error: 'invalid_parameter', parameter: 'locale', message: 'locale must be given once' } };
  const parsed = querySchema.safeParse(given.length ? { locale: given[0] } : {});
  if (!parsed.success) {
    return { status: 400, body: { error: 'invalid_parameter', parameter: 'locale', message: parsed.error.issues[0].message } };
  }
  const { locale } = parsed.data;
  try {
    const listing = await read(locale);
    return { status: 200, body: { currency: 'THB', locale, unitTypes: listing.map(toApiItem) } };
  } catch (error) {
    log.error({ err: error }, 'api/unit-types: failed to load unit types');
    return { status: 503, body: { error: 'unavailable', message: 'Failed to fetch unit data' } };
  }
}
