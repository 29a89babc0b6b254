import 'server-only';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import type { Locale } from './routing';

/**
 * Approved translation overrides (staff-edited wording, table translation_overrides) laid over messages/{locale}.json.
 * Read from the database once per locale and kept in this process: saving an override calls
 * `invalidateTranslationOverrides()`, so this server shows it at once; other servers of a multi-server deployment
 * re-read after OVERRIDES_TTL_MS at the latest (docs/product-rules.md#staff-access-and-the-customer-portal).
 */
export const OVERRIDES_TTL_MS = 60_000;

type Entry = { at: number; values: Map<string, string> };
const cache = new Map<Locale, Entry>();

export function invalidateTranslationOverrides(): void {
  cache.clear();
}

async function approvedOverrides(locale: Locale): Promise<Map<string, string>> {
  const hit = cache.get(locale);
  if (hit && Date.now() - hit.at < OVERRIDES_TTL_MS) return hit.values;
  const values = new Map<string, string>();
  try {
    const { db } = await import('@/lib/db');
    const rows = await db.translationOverride.findMany({ where: { locale, reviewStatus: 'approved' }, select: { key: true, value: true } });
    for (const r of rows) values.set(r.key, r.value);
  } catch (error) {
    // The shipped wording is always a safe fallback.
    const { log } = await import('@/lib/log');
    log.error({ err: error }, 'translations: failed to read overrides');
    return hit?.values ?? values;
  }
  cache.set(locale, { at: Date.now(), values });
  return values;
}

/** `messages` with the approved overrides of `locale` applied; only keys that exist as texts are replaced. */
export async function withOverrides<T extends Record<string, unknown>>(messages: T, locale: Locale): Promise<T> {
  // `next build` prerenders in parallel workers that must not open the embedded database.
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return messages;
  const overrides = await approvedOverrides(locale);
  if (overrides.size === 0) return messages;
  const out = structuredClone(messages) as Record<string, unknown>;
  for (const [key, value] of overrides) setText(out, key, value);
  return out as T;
}

function setText(target: Record<string, unknown>, key: string, value: string): void {
  const parts = key.split('.');
  let node: unknown = target;
  for (const part of parts.slice(0, -1)) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return;
    node = (node as Record<string, unknown>)[part];
  }
  const last = parts.at(-1)!;
  if (node && typeof node === 'object' && typeof (node as Record<string, unknown>)[last] === 'string') {
    (node as Record<string, unknown>)[last] = value;
  }
}
