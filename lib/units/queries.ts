import 'server-only';
import { db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { listUnitTypes, type UnitTypeListing } from './listing';

export type { UnitTypeListing };

/** Every active unit type with live availability, in listing order, from the app's database. */
export function getUnitTypeListing(locale: Locale, now: Date = new Date()): Promise<UnitTypeListing[]> {
  return listUnitTypes(db, locale, now);
}
