import 'server-only';
import { cachedPublicData } from '@/lib/platform/cache/public-data';
import type { Db } from '@/lib/db';
import { toLocale, type Locale } from './routing';
import { shippedMessages, translatorOf, type Namespace, type Translator } from './translator';

/**
 * Approved translation overrides (staff-edited wording, table translation_overrides) laid over messages/{locale}.json.
 * Read once per change like the rest of the public data (lib/platform/cache/public-data.ts): approving or withdrawing an
 * override calls revalidatePublicData('translations'), so this server shows it at once and other servers within the
 * bound of docs/product-rules.md#caching.
 */
function approvedOverrides(locale: Locale, client?: Db): Promise<Map<string, string>> {
  return cachedPublicData(
    `translations:${locale}`,
    async () => {
      const values = new Map<string, string>();
      try {
        const db = client ?? (await import('@/lib/db')).db;
        const rows = await db.translationOverride.findMany({ where: { locale, reviewStatus: 'approved' }, select: { key: true, value: true } });
        for (const r of rows) values.set(r.key, r.value);
      } catch (error) {
        // The shipped wording is always a safe fallback.
        const { log } = await import('@/lib/log');
        log.error({ err: error }, 'translations: failed to read overrides');
      }
      return values;
    },
    () => new Map(),
  );
}

/**
 * The merged messages, by the overrides read (a new Map for each change, cachedPublicData) and the messages they were
 * laid over: the catalogue is cloned once per change, not on every page and email (300 kB for Thai).
 */
const merged = new WeakMap<Map<string, string>, WeakMap<object, Record<string, unknown>>>();

/** `messages` with the approved overrides of `locale` applied; only keys that exist as texts are replaced. */
export async function withOverrides<T extends Record<string, unknown>>(messages: T, locale: Locale, db?: Db): Promise<T> {
  const overrides = await approvedOverrides(locale, db);
  if (overrides.size === 0) return messages;
  let byMessages = merged.get(overrides);
  if (!byMessages) merged.set(overrides, (byMessages = new WeakMap()));
  const known = byMessages.get(messages);
  if (known) return known as T;
  const out = structuredClone(messages) as Record<string, unknown>;
  for (const [key, value] of overrides) setText(out, key, value);
  byMessages.set(messages, out);
  return out as T;
}

/**
 * translator() with the approved overrides of the locale laid over the shipped wording: what every email uses, so an
 * email reads as the pages do (request.ts applies the same overrides to pages). Read from the sender's database.
 */
export async function approvedTranslator<const N extends Namespace>(db: Db, locale: unknown, namespace: N): Promise<Translator<N>> {
  const l = toLocale(locale);
  return translatorOf(l, await withOverrides(shippedMessages(l), l, db), namespace);
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
