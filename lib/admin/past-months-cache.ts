import 'server-only';
import type { Db } from '@/lib/db';

/**
 * The dashboard's trend figures for months already over (README "Performance" → "Scale"): each is an aggregation over
 * two years of payments or every rental, the costliest part of /admin at 50,000 bookings, and a closed month's figures
 * only move when someone records something back-dated. So they are kept for PAST_MONTHS_TTL_MS per process (per
 * database client) and the running month is always read fresh (docs/product-rules.md#dashboard-trends-and-rate-suggestions).
 */
export const PAST_MONTHS_TTL_MS = 60_000;

const caches = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

export function pastMonthsCached<T>(db: Db, key: string, read: () => Promise<T>, nowMs = Date.now()): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && nowMs - hit.at < PAST_MONTHS_TTL_MS) return hit.value as Promise<T>;
  const value = read();
  cache.set(key, { at: nowMs, value });
  // A failed read is not kept: the next page load asks again.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}
