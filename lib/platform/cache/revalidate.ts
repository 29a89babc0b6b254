import 'server-only';
import { markPublicDataChanged, PUBLIC_DATA_KINDS, type PublicData } from './public-data';
import { publishPublicDataChange } from './change-feed';

/**
 * THE hook to call after a change that public pages show. Writers (admin edits, bookings, payments, releases, review
 * syncs, jobs) call it with what changed; how public pages are cached and refreshed is decided here, so writers never
 * need to know which pages read what.
 *   - catalogue:    unit types, prices, promotions, supplies, insurance levels
 *   - availability: a unit was reserved, released, retired or put in maintenance
 *   - reviews, legal documents, settings (contact, hours, bank, crypto), translations
 * On this server it drops the data copies read from those kinds (lib/platform/cache/public-data.ts), and, since every public
 * page shows several kinds, the rendered pages (lib/platform/cache/isr-cache-handler.mjs) and the replayed responses
 * (scripts/server/response-cache.mjs). Every other server of the deployment does the same within about a second
 * (lib/platform/cache/change-feed.ts: Redis or the database). Writers may call it inside a transaction: each server marks the
 * change again a moment later, so a page rendered between the call and the commit is not kept.
 * Safe anywhere (scripts, tests, outside a request): it never throws.
 */
export type { PublicData };

const AFTER_COMMIT_MS = 1_500;
const RESPONSE_CACHE = Symbol.for('pss.responseCache');

/** Drops this server's caches of `kinds`, now and once more after a transaction had time to commit. */
export function refreshLocalCaches(kinds: readonly PublicData[]): void {
  const refresh = () => {
    markPublicDataChanged(kinds);
    const responses = (globalThis as Record<symbol, { purge?: () => void } | undefined>)[RESPONSE_CACHE];
    responses?.purge?.();
  };
  refresh();
  setTimeout(refresh, AFTER_COMMIT_MS).unref?.();
}

export function revalidatePublicData(...kinds: PublicData[]): void {
  const changed = kinds.length ? kinds : [...PUBLIC_DATA_KINDS];
  try {
    refreshLocalCaches(changed);
    publishPublicDataChange(changed);
  } catch {
    // never throws: a writer's change is done; the caches' time bounds still hold
  }
}
