import 'server-only';

/**
 * THE hooks to call after a change that public pages show. Writers (admin edits, bookings, expiries, review syncs)
 * call the one that matches; how public pages are cached and refreshed is decided in one place (here), so writers
 * never need to know which pages read what.
 *   - catalogue:    unit types, prices, promotions, supplies, insurance levels
 *   - availability: a unit was reserved, released, retired or put in maintenance
 *   - reviews, legal documents, settings (contact, hours, bank, crypto), translations
 * Public pages currently render per request, so these do nothing yet; the caching work (issue 14) fills them in.
 */
export type PublicData = 'catalogue' | 'availability' | 'reviews' | 'legal' | 'settings' | 'translations';

export function revalidatePublicData(...kinds: PublicData[]): void {
  void kinds;
}
