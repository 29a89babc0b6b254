import 'server-only';
import type { Locale } from '@/lib/i18n/routing';
import { publicUnitListing } from '@/lib/site-data/readers';
import { isBuildPhase } from '@/lib/platform/cache/public-data';
import type { UnitTypeListing } from '@/lib/units/listing';
import { log } from '@/lib/log';

export type { UnitTypeListing };

/** The listing for a page, or null when the database fails: the page shows its notice instead of the error page. */
export async function getUnitTypeListingOrNull(locale: Locale, page: string): Promise<UnitTypeListing[] | null> {
  try {
    return await publicUnitListing(locale);
  } catch (error) {
    if (!isBuildPhase()) log.error({ err: error, page }, 'failed to load unit types');
    return null;
  }
}
