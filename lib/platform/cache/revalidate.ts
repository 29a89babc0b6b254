import 'server-only';
import { markPagesChanged, markPublicDataChanged, PUBLIC_DATA_KINDS, type PublicData } from './public-data';
import { publishPublicDataChange } from './change-feed';

/**
 * THE hook to call after a change that public pages show. Writers (admin edits, bookings, payments, releases, review
 * syncs, jobs) call it with what changed; how public pages are cached and refreshed is decided here, so writers never
 * need to know which pages read what.
 *   - catalogue:    unit types, prices, promotions, supplies, insurance levels
 *   - availability: a unit was reserved, released, retired or put in maintenance
 *   - reviews, legal documents, settings (contact, hours, bank, crypto), translations
 * On this server it drops the data copies read from those kinds (lib/platform/cache/public-data.ts), and, since every public
 * page shows several kinds, revalidates the tag every page carries in Next's cache (PUBLIC_PAGES_TAG,
 * lib/platform/cache/page-cache-handler.mjs: each page is then rendered again in the background at its next visit), that
 * at most every PAGE_REFRESH_MS under a burst of changes (many bookings at once). Every other server of the deployment
 * does the same within about a second
 * (lib/platform/cache/change-feed.ts: Redis or the database). Writers may call it inside a transaction: each server marks the
 * change again a moment later, so a page rendered between the call and the commit is not kept.
 * Safe anywhere (scripts, tests, outside a request): it never throws.
 * Not a task (docs/architecture.md, "Deferred work"), by measure (issue 39, PostgreSQL, a 2-core machine under load):
 * the mark costs 0.015 ms in process; as a task each change would add a row written in the writer's transaction, then
 * about one statement and 16 ms of the worker's single-file pass per change, behind whatever that pass is sending, and
 * half the callers hold no transaction to write it in.
 */
export type { PublicData };

const AFTER_COMMIT_MS = 1_500;
/**
 * A burst of changes (fifty bookings a second, each naming availability twice: in its transaction and after it)
 * revalidates this server's pages, and tells the other servers, at most once per this
 * window: the first change at once, the ones that follow within it together at its end (README "Performance").
 */
export const PAGE_REFRESH_MS = 250;

/** Calls `run` at once, then at most once per PAGE_REFRESH_MS with every kind named meanwhile. */
function throttled(run: (kinds: PublicData[]) => void): (kinds: readonly PublicData[]) => void {
  let open = false;
  let pending: Set<PublicData> | null = null;
  const close = () => {
    if (!pending) {
      open = false;
      return;
    }
    const kinds = [...pending];
    pending = null;
    run(kinds);
    setTimeout(close, PAGE_REFRESH_MS).unref?.();
  };
  return (kinds) => {
    if (open) {
      pending ??= new Set();
      for (const k of kinds) pending.add(k);
      return;
    }
    open = true;
    run([...kinds]);
    setTimeout(close, PAGE_REFRESH_MS).unref?.();
  };
}

const refreshPages = throttled(() => markPagesChanged());
const tellOtherServers = throttled((kinds) => publishPublicDataChange(kinds));

/**
 * Once more AFTER_COMMIT_MS after the latest change, so a copy or page made between a change and its commit is not
 * kept. While changes keep coming, each one's own refresh comes after the commits of those before it.
 */
let again: { kinds: Set<PublicData>; lastAt: number } | null = null;
function refreshAfterCommit(kinds: readonly PublicData[]): void {
  if (again) {
    for (const k of kinds) again.kinds.add(k);
    again.lastAt = Date.now();
    return;
  }
  again = { kinds: new Set(kinds), lastAt: Date.now() };
  const fire = () => {
    const wait = again!.lastAt + AFTER_COMMIT_MS - Date.now();
    if (wait > 0) {
      setTimeout(fire, wait).unref?.();
      return;
    }
    const changed = [...again!.kinds];
    again = null;
    markPublicDataChanged(changed, Date.now(), { pages: false });
    refreshPages(changed);
  };
  setTimeout(fire, AFTER_COMMIT_MS).unref?.();
}

/**
 * Drops this server's caches of `kinds`: the data copies at once, every time (only those read from these kinds); the
 * pages at once or within PAGE_REFRESH_MS; all of it again once a transaction had time to commit.
 */
export function refreshLocalCaches(kinds: readonly PublicData[]): void {
  markPublicDataChanged(kinds, Date.now(), { pages: false });
  refreshPages(kinds);
  refreshAfterCommit(kinds);
}

export function revalidatePublicData(...kinds: PublicData[]): void {
  const changed = kinds.length ? kinds : [...PUBLIC_DATA_KINDS];
  try {
    refreshLocalCaches(changed);
    tellOtherServers(changed);
  } catch {
    // never throws: a writer's change is done; the caches' time bounds still hold
  }
}
