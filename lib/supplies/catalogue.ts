import 'server-only';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { pickLocalized } from '@/lib/i18n/localized';
import { SUPPLY_CATALOG, type SupplyId } from '@/lib/pricing';

export type SupplyItemInfo = { id: SupplyId; priceSatang: number; name: unknown };

/**
 * The one reader of packing supplies: the items on sale today, in display order. Prices live in the database (seeded
 * from the catalogue); only items the pricing catalogue knows can be sold (the draft schema accepts those ids only).
 */
export async function loadSupplyItems(db: Db): Promise<Map<SupplyId, SupplyItemInfo>> {
  const rows = await db.supplyItem.findMany({ where: { isActive: true }, orderBy: { displayOrder: 'asc' } });
  const map = new Map<SupplyId, SupplyItemInfo>();
  for (const r of rows) {
    if (Object.hasOwn(SUPPLY_CATALOG, r.id)) map.set(r.id as SupplyId, { id: r.id as SupplyId, priceSatang: r.priceSatang, name: r.name });
  }
  return map;
}

export interface SupplyListing {
  id: SupplyId;
  name: string;
  priceSatang: number;
}

/** The supplies on sale with their names in the reader's language (the wizard's step 7, the GreenBox page). */
export async function listSupplies(db: Db, locale: Locale): Promise<SupplyListing[]> {
  return [...(await loadSupplyItems(db)).values()].map((s) => ({ id: s.id, name: supplyName(s, locale), priceSatang: s.priceSatang }));
}

export function supplyName(item: Pick<SupplyItemInfo, 'id' | 'name'>, locale: Locale | string): string {
  return pickLocalized<string>(item.name, locale) ?? item.id;
}
