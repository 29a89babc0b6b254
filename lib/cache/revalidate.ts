import 'server-only';
import { markPublicDataChanged } from './public-data';

/**
 * THE hook to call after a change that public pages show. Writers (admin edits, bookings, expiries, review syncs)
 * call it with what changed; how public pages are cached and refreshed is decided here, so writers never need to know
 * which pages read what.
 *   - catalogue:    unit types, prices, promotions, supplies, insurance levels
 *   - availability: a unit was reserved, released, retired or put in maintenance
 *   - reviews, legal documents, settings (contact, hours, bank, crypto), translations
 * Every public page reads several of these, so any change refreshes all three layers of this server at once: the data
 * copies (lib/cache/public-data.ts), the rendered pages (lib/cache/isr-cache-handler.mjs) and the replayed responses
 * (scripts/server/response-cache.mjs). Writers may call it inside a transaction: it marks the change again a moment
 * later, so a page rendered between the call and the commit is not kept. Other servers converge within the bounds of
 * docs/product-rules.md#caching. Safe anywhere (scripts, tests, outside a request): it never throws.
 */
export type PublicData = 'catalogue' | 'availability' | 'reviews' | 'legal' | 'settings' | 'translations';

const AFTER_COMMIT_MS = 1_500;
const RESPONSE_CACHE = Symbol.for('pss.responseCache');

function refresh(): void {
  markPublicDataChanged();
  const responses = (globalThis as Record<symbol, { purge?: () => void } | undefined>)[RESPONSE_CACHE];
  responses?.purge?.();
}

export function revalidatePublicData(...kinds: PublicData[]): void {
  void kinds;
  refresh();
  setTimeout(refresh, AFTER_COMMIT_MS).unref?.();
}
