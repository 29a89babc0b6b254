import 'server-only';
import type { Db } from '@/lib/db';
import { pickLocalized } from '@/lib/i18n/localized';
import type { Locale } from '@/lib/i18n/routing';
import { effectiveMonthlyRate, promotionBanner, sortForListing } from './availability';
import { formatDimensions } from '@/lib/format/measures';

export interface UnitTypeListing {
  id: string;
  code: string;
  category: 'indoor' | 'outdoor' | 'stack';
  sizeRank: number;
  name: string;
  description: string;
  features: string[];
  dimensions: string;
  areaSqm: number | null;
  volumeCbm: number | null;
  monthlyRate: number; // satang, what a booking starting now pays per month
  baseRate: number; // satang, list rate (deposit basis)
  pricingMode: 'normal' | 'first_month_off';
  banner: string | null; // only while the promotion runs (flag on, inside its window) and the text is non-empty
  bannerEn: string | null; // English wording decides the banner colour in every language
  imageUrl: string | null;
  images: { url: string; alt: string }[];
  availableCount: number;
  totalCount: number;
}

/** A unit type's name in the reader's language; the code in capitals when it has none. */
export function unitTypeName(type: { code: string; name: unknown }, locale: Locale | string): string {
  return pickLocalized<string>(type.name, locale) ?? type.code.toUpperCase();
}

/** The one reader of a single unit type a customer may book or price: active, by code (any case). */
export function findActiveUnitType(db: Db, code: string) {
  return db.unitType.findFirst({ where: { code: code.trim().toLowerCase(), isActive: true } });
}
export type ActiveUnitType = NonNullable<Awaited<ReturnType<typeof findActiveUnitType>>>;

/** Every active unit type with live availability, in listing order (home page, wizard, /api/unit-types). */
export async function listUnitTypes(db: Db, locale: Locale, now: Date = new Date()): Promise<UnitTypeListing[]> {
  const [types, counts] = await Promise.all([
    db.unitType.findMany({
      where: { isActive: true },
      include: { images: { where: { isActive: true }, orderBy: { displayOrder: 'asc' } } },
    }),
    db.unit.groupBy({ by: ['unitTypeId', 'status'], _count: { _all: true } }),
  ]);
  const available = new Map<string, number>();
  const total = new Map<string, number>();
  for (const c of counts) {
    total.set(c.unitTypeId, (total.get(c.unitTypeId) ?? 0) + c._count._all);
    if (c.status === 'available') available.set(c.unitTypeId, c._count._all);
  }
  const listing = types.map((t): UnitTypeListing => {
    const banner = promotionBanner(t, locale, now);
    return {
      id: t.id,
      code: t.code,
      category: t.category,
      sizeRank: t.sizeRank,
      name: unitTypeName(t, locale),
      description: pickLocalized<string>(t.description, locale) ?? '',
      features: pickLocalized<string[]>(t.features, locale) ?? [],
      dimensions: formatDimensions(t.dimensions, locale),
      areaSqm: t.areaSqm,
      volumeCbm: t.volumeCbm,
      monthlyRate: effectiveMonthlyRate(t, now),
      baseRate: t.baseRate,
      pricingMode: t.pricingMode,
      banner,
      bannerEn: banner ? (promotionBanner(t, 'en', now) ?? banner) : null,
      imageUrl: t.imageUrl,
      images: t.images.map((i) => ({ url: i.url, alt: i.alt })),
      availableCount: available.get(t.id) ?? 0,
      totalCount: total.get(t.id) ?? 0,
    };
  });
  return sortForListing(listing);
}
