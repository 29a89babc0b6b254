import 'server-only';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { log } from '@/lib/log';

/**
 * The public catalogue (unit types and availability, supplies, settings, reviews, legal documents) read once per
 * change, not once per request: pages, the wizard's first render and GET /api/quote share these copies.
 * A copy is dropped when public data changes on this server (revalidatePublicData) and after DATA_TTL_MS at the latest,
 * so other servers of a deployment converge within that time (docs/product-rules.md#caching).
 */
export const DATA_TTL_MS = 10_000;

const CHANGED_AT = Symbol.for('pss.publicDataChangedAt');
const STORE = Symbol.for('pss.publicData');

type Entry = { loadedAt: number; value: Promise<unknown> };
type Global = Record<symbol, unknown>;

function store(): Map<string, Entry> {
  const g = globalThis as Global;
  return ((g[STORE] as Map<string, Entry> | undefined) ??= new Map());
}

/** When public data last changed on this server (ms), shared with the page cache (lib/cache/isr-cache-handler.mjs). */
export function publicDataChangedAt(): number {
  const g = globalThis as Global;
  return ((g[CHANGED_AT] as number | undefined) ??= Date.now());
}

export function markPublicDataChanged(at: number = Date.now()): void {
  (globalThis as Global)[CHANGED_AT] = Math.max(at, publicDataChangedAt());
  store().clear();
}

/** True while `next build` prerenders: the build reads no database (its pages are never served, see the handler). */
export function isBuildPhase(): boolean {
  return process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;
}

/**
 * `load()` once per change for `key`; concurrent callers share one read. A failed read is not kept. During the build
 * `atBuild` answers instead, so the build never opens the database.
 */
export function cachedPublicData<T>(key: string, load: () => Promise<T>, atBuild: () => T): Promise<T> {
  if (isBuildPhase()) return Promise.resolve(atBuild());
  const entries = store();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.loadedAt >= publicDataChangedAt() && now - hit.loadedAt <= DATA_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { loadedAt: now, value });
  value.catch((error: unknown) => {
    if (entries.get(key)?.value === value) entries.delete(key);
    log.debug({ err: error, key }, 'public data: read failed, not kept');
  });
  return value;
}
