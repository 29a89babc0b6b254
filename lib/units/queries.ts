import 'server-only';
import { db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { listUnitTypes, type UnitTypeListing } from './listing';
import { log } from '@/lib/log';

export type { UnitTypeListing };

/** Every active unit type with live availability, in listing order, from the app's database. */
export function getUnitTypeListing(locale: Locale, now: Date = new Date()): Promise<UnitTypeListing[]> {
  return listUnitTypes(db, locale, now);
}

/** The listing for a page, or null when the database fails: the page shows its notice instead of the error page. */
export async function getUnitTypeListingOrNull(locale: Locale, page: string): Promise<UnitTypeListing[] | null> {
  try {
    return await getUnitTypeListing(locale);
  } catch (error) {
    log.error({ err: error, page }, 'failed to load unit types');
    return null;
  }
}
