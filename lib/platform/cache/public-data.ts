import 'server-only';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { log } from '@/lib/log';

/**
 * The public catalogue (unit types and availability, supplies, settings, reviews, legal documents) read once per
 * change, not once per request: pages, the wizard's first render and GET /api/quote share these copies.
 * A copy is dropped when a kind of public data it was read from changes (revalidatePublicData, on this server or on
 * another through lib/platform/cache/change-feed.ts) and after DATA_TTL_MS at the latest (docs/product-rules.md#caching).
 */
export const DATA_TTL_MS = 10_000;

/** The kinds of public data writers name when they call revalidatePublicData (lib/platform/cache/revalidate.ts). */
export type PublicData = 'catalogue' | 'availability' | 'reviews' | 'legal' | 'settings' | 'translations';
export const PUBLIC_DATA_KINDS: readonly PublicData[] = ['catalogue', 'availability', 'reviews', 'legal', 'settings', 'translations'];

/** Which kinds each copy is read from, by the first part of its key (lib/site-data/readers.ts, lib/i18n/overrides.ts). */
const KINDS_OF_KEY: Record<string, readonly PublicData[]> = {
  units: ['catalogue', 'availability'],
  settings: ['settings'],
  reviews: ['reviews'],
  legal: ['legal'],
  supplies: ['catalogue'],
  wizard: ['catalogue', 'availability', 'settings'],
  agreement: ['legal'],
  pricing: ['catalogue'],
  translations: ['translations'],
};

export function kindsOfKey(key: string): readonly PublicData[] {
  // An unknown key is refreshed by every change: never stale by omission.
  return KINDS_OF_KEY[key.split(':')[0]] ?? PUBLIC_DATA_KINDS;
}

const KIND_CHANGED_AT = Symbol.for('pss.publicDataKindChangedAt');
const STORE = Symbol.for('pss.publicData');

type Entry = { loadedAt: number; value: Promise<unknown> };
type Global = Record<symbol, unknown>;

function store(): Map<string, Entry> {
  const g = globalThis as Global;
  return ((g[STORE] as Map<string, Entry> | undefined) ??= new Map());
}

function kindChangedAt(): Map<PublicData, number> {
  const g = globalThis as Global;
  return ((g[KIND_CHANGED_AT] as Map<PublicData, number> | undefined) ??= new Map());
}

/**
 * The page cache's tag times (lib/platform/cache/page-cache-handler.mjs, which Next loads outside this bundle: they
 * meet through this one globalThis entry). Every public page shows several kinds (header settings, unit lists,
 * prices), so every page carries PUBLIC_PAGES_TAG and goes with any change; the data copies go only with their own kinds.
 */
const PAGE_TAGS = Symbol.for('pss.pageTagRevalidatedAt');
/** The tag every public page carries in Next's cache (the handler's PUBLIC_PAGES_TAG). */
export const PUBLIC_PAGES_TAG = 'public-pages';

function pageTagTimes(): Map<string, number> {
  const g = globalThis as Global;
  return ((g[PAGE_TAGS] as Map<string, number> | undefined) ??= new Map());
}

/** When the public pages were last revalidated on this server (ms; 0 when never). */
export function publicDataChangedAt(): number {
  return pageTagTimes().get(PUBLIC_PAGES_TAG) ?? 0;
}

export function markPublicDataChanged(kinds: readonly PublicData[] = PUBLIC_DATA_KINDS, at: number = Date.now(), opts: { pages?: boolean } = {}): void {
  const changed = new Set(kinds.length ? kinds : PUBLIC_DATA_KINDS);
  // pages: false drops only the data copies; the rendered pages follow a moment later (lib/platform/cache/revalidate.ts).
  if (opts.pages !== false) markPagesChanged(at);
  const byKind = kindChangedAt();
  for (const k of changed) byKind.set(k, Math.max(at, byKind.get(k) ?? 0));
  const entries = store();
  for (const key of [...entries.keys()]) if (kindsOfKey(key).some((k) => changed.has(k))) entries.delete(key);
}

/** Revalidates PUBLIC_PAGES_TAG: every page Next cached before `at` is stale (rendered again in the background). */
export function markPagesChanged(at: number = Date.now()): void {
  pageTagTimes().set(PUBLIC_PAGES_TAG, Math.max(at, publicDataChangedAt()));
}

function keyChangedAt(key: string): number {
  const byKind = kindChangedAt();
  return Math.max(0, ...kindsOfKey(key).map((k) => byKind.get(k) ?? 0));
}

/** True while `next build` prerenders: the build reads no database (its pages are never stored, see the page cache). */
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
  if (hit && hit.loadedAt >= keyChangedAt(key) && now - hit.loadedAt <= DATA_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { loadedAt: now, value });
  value.catch((error: unknown) => {
    if (entries.get(key)?.value === value) entries.delete(key);
    log.debug({ err: error, key }, 'public data: read failed, not kept');
  });
  return value;
}
