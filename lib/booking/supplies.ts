import 'server-only';
import type { Db } from '@/lib/db';
import { SUPPLY_CATALOG, type SupplyId } from '@/lib/pricing';

export type SupplyItemInfo = { id: SupplyId; priceSatang: number; name: unknown };

/** Active packing supplies as sold today; prices live in the database (seeded from the catalogue). */
export async function loadSupplyItems(db: Db): Promise<Map<SupplyId, SupplyItemInfo>> {
  const rows = await db.supplyItem.findMany({ where: { isActive: true } });
  const map = new Map<SupplyId, SupplyItemInfo>();
  for (const r of rows) {
    if (Object.hasOwn(SUPPLY_CATALOG, r.id)) map.set(r.id as SupplyId, { id: r.id as SupplyId, priceSatang: r.priceSatang, name: r.name });
  }
  return map;
}
