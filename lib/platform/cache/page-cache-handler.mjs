// Next's cache of rendered public pages, through its documented API: next.config.ts `cacheHandler` names this file,
// and Next calls get, set, revalidateTag and resetRequestCache (docs/product-rules.md#caching). What it adds to a plain
// store, and why:
//   - Tags. An entry is stale once a tag it carries was revalidated after it was generated: the tags Next gives it
//     (its `x-next-cache-tags` header), and PUBLIC_PAGES_TAG, which every page carries, since every public page shows
//     several kinds of public data. revalidatePublicData (lib/platform/cache/revalidate.ts), the one seam every writer
//     calls, revalidates that tag from any code path (actions, route handlers, jobs, after a commit), on this server and,
//     through the change feed, on every other one; Next's own revalidateTag reaches revalidateTag below. Such an entry
//     is not served: the next visit renders the page (concurrent visits share that render), so a change shows on the
//     next page load. An entry past the route's `revalidate` time without a change is still served while one request
//     renders its successor in the background (stale-while-revalidate: no visitor waits), and one older than the
//     route's `expire` is not served (Next renders it first).
//   - The time of a render is when it started (the get that found nothing fresh), not when it was stored, so a render
//     that read the data before a change and finished after it is stale at once.
//   - The Content-Security-Policy (docs/product-rules.md#security-headers): a document's inline scripts (Next's RSC
//     payload among them) change with its content, so their SHA-256 hashes are computed here, when the page is
//     generated, and the policy is stored in the entry's headers, which Next sends with the page, the first time too.
//   - The ETag, made here once per generated page for the same reason: Next's own (`generateEtags`, off in
//     next.config.ts) hashes the whole document on every request it serves, 1-3 ms of the 4-7 ms of CPU a cached
//     page cost (bench/2026-11-29-start-cached.md). One tag per render, of its document and its RSC payload, sent with
//     both; the reverse proxy answers a browser's If-None-Match from it.
//   - Sharing. With REDIS_URL the entries live in Redis, so every server of a deployment serves what any of them
//     rendered; otherwise in this process's memory, bounded. Keys are namespaced by the build, so a new release never
//     serves an old one's pages.
// Plain JavaScript: Next loads it at run time, outside the app's bundle. The app reaches it through one globalThis entry,
// the revalidation times of the tags (PAGE_TAGS below), which lib/platform/cache/public-data.ts writes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cspOptionsFrom, inlineScriptHashes, pagePolicy } from '../../security/csp-policy.mjs';

/** The tag every public page carries (revalidatePublicData revalidates it). */
export const PUBLIC_PAGES_TAG = 'public-pages';
/** tag → when it was last revalidated (ms), shared with the app's bundle (lib/platform/cache/public-data.ts). */
const PAGE_TAGS = Symbol.for('pss.pageTagRevalidatedAt');
/** Bounds of the in-memory store: enough for every page in every language many times over. */
const MAX_ENTRIES = 1000;
const MAX_BYTES = 64 * 1024 * 1024;
/** A Redis entry outlives its page's `expire` by this much at most (then Redis drops it). */
const REDIS_TTL_SECONDS = 3600;

/** @returns {Map<string, number>} */
export function tagTimes() {
  return (globalThis[PAGE_TAGS] ??= new Map());
}

/** Marks `tags` revalidated now (or at `at`): entries generated before are stale. */
export function revalidateTags(tags, at = Date.now()) {
  const times = tagTimes();
  for (const tag of tags) times.set(tag, Math.max(at, times.get(tag) ?? 0));
}

function entryTags(value, ctx) {
  const header = value?.headers?.['x-next-cache-tags'];
  const own = typeof header === 'string' ? header.split(',') : [];
  return [...own, ...(ctx?.tags ?? []), ...(ctx?.softTags ?? []), PUBLIC_PAGES_TAG];
}

function lastRevalidated(tags) {
  const times = tagTimes();
  let latest = 0;
  for (const tag of tags) latest = Math.max(latest, times.get(tag) ?? 0);
  return latest;
}

const isBuild = () => process.env.NEXT_PHASE === 'phase-production-build';

/** A strong ETag of one render: its document and its RSC payload (the same render gives the same tag). */
function entityTag(value) {
  const hash = crypto.createHash('sha256').update(value.html, 'utf8');
  if (value.rscData) hash.update(value.rscData);
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

/**
 * The entry's document with its policy in its headers (the hashes of its inline scripts, nothing else inline) and its
 * ETag.
 */
function withHeaders(value) {
  if (value?.kind !== 'APP_PAGE' || typeof value.html !== 'string' || value.html.length === 0) return value;
  const policy = pagePolicy({ hashes: inlineScriptHashes(value.html) }, cspOptionsFrom(process.env));
  // The entry's headers are what Next sends with the page (documented: they carry its tags); Next serves the page it
  // just generated from the very entry it stores, so the first answer has them too.
  value.headers = { ...(value.headers ?? {}), 'content-security-policy': policy, etag: entityTag(value) };
  return value;
}

// ---- stores ----

function memoryStore() {
  /** @type {Map<string, { entry: object, bytes: number }>} */
  const entries = new Map();
  let bytes = 0;
  return {
    async get(key) {
      const hit = entries.get(key);
      if (!hit) return null;
      // Most recently used last, so eviction drops the oldest.
      entries.delete(key);
      entries.set(key, hit);
      return hit.entry;
    },
    async set(key, entry) {
      const size = sizeOf(entry.value);
      const old = entries.get(key);
      if (old) bytes -= old.bytes;
      entries.delete(key);
      entries.set(key, { entry, bytes: size });
      bytes += size;
      while (entries.size > MAX_ENTRIES || bytes > MAX_BYTES) {
        const [oldest, dropped] = entries.entries().next().value;
        entries.delete(oldest);
        bytes -= dropped.bytes;
      }
    },
  };
}

function sizeOf(value) {
  if (!value) return 0;
  let n = typeof value.html === 'string' ? value.html.length : 0;
  if (value.rscData) n += value.rscData.length;
  if (value.segmentData) for (const v of value.segmentData.values()) n += v.length;
  if (value.body) n += value.body.length;
  return n + 1024;
}

/** Buffers and Maps (rscData, segmentData, route bodies) through JSON. */
function replacer(key, v) {
  // `this[key]` is the value before Buffer's own toJSON turned it into an array of numbers.
  const raw = this[key];
  if (Buffer.isBuffer(raw)) return { $buffer: raw.toString('base64') };
  if (raw instanceof Map) return { $map: [...raw.entries()] };
  return v;
}
function reviver(_key, v) {
  if (v && typeof v === 'object') {
    if (typeof v.$buffer === 'string') return Buffer.from(v.$buffer, 'base64');
    if (Array.isArray(v.$map)) return new Map(v.$map);
  }
  return v;
}

let redisClient = null;
async function redisStore(url, prefix) {
  if (!redisClient) {
    const { Redis } = await import('ioredis');
    // A page answers from memory-less Redis on every request: a slow or absent Redis must not hold a visitor up.
    redisClient = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000, commandTimeout: 500, lazyConnect: false });
    redisClient.on('error', () => {});
    // The first requests wait for the connection (2 s at most); after that a Redis away means a render, not a wait.
    await new Promise((resolve) => {
      redisClient.once('ready', resolve);
      setTimeout(resolve, 2_000).unref();
    });
  }
  const client = redisClient;
  return {
    async get(key) {
      try {
        const text = await client.get(prefix + key);
        return text ? JSON.parse(text, reviver) : null;
      } catch {
        return null;
      }
    },
    async set(key, entry) {
      try {
        await client.set(prefix + key, JSON.stringify(entry, replacer), 'EX', REDIS_TTL_SECONDS);
      } catch {
        // the page is simply rendered again next time
      }
    },
  };
}

function buildId(serverDistDir) {
  try {
    return fs.readFileSync(path.join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'dev';
  }
}

let sharedStore = null;
function storeFor(options) {
  sharedStore ??= process.env.REDIS_URL
    ? redisStore(process.env.REDIS_URL, `${process.env.PAGE_CACHE_PREFIX ?? 'pss:pages:'}${buildId(options?.serverDistDir ?? '.next/server')}:`)
    : Promise.resolve(memoryStore());
  return sharedStore;
}

/** key → when the render that will store it started */
const renderStartedAt = new Map();

export default class PageCacheHandler {
  constructor(options) {
    this.options = options;
  }

  async get(key, ctx) {
    if (isBuild()) return null;
    const store = await storeFor(this.options);
    const entry = await store.get(key);
    const now = Date.now();
    if (!entry) {
      renderStartedAt.set(key, now);
      return null;
    }
    const changed = lastRevalidated(entryTags(entry.value, ctx));
    if (entry.lastModified >= changed) {
      // Past its revalidation time Next serves it once more and renders its successor now: that render starts now.
      const revalidate = entry.cacheControl?.revalidate;
      if (typeof revalidate === 'number' && now > entry.lastModified + revalidate * 1000) renderStartedAt.set(key, now);
      return entry;
    }
    // Generated before the data it shows changed: not served. The next visit renders it ("the public site shows the
    // change on the next page load"); concurrent visits of the same page share that one render.
    renderStartedAt.set(key, now);
    return null;
  }

  async set(key, data, ctx) {
    if (isBuild()) return;
    const store = await storeFor(this.options);
    const startedAt = renderStartedAt.get(key);
    renderStartedAt.delete(key);
    const lastModified = Math.min(Date.now(), startedAt ?? Date.now());
    await store.set(key, { value: withHeaders(data), lastModified, cacheControl: ctx?.cacheControl, tags: ctx?.tags ?? [] });
  }

  async revalidateTag(tags) {
    revalidateTags([tags].flat());
  }

  resetRequestCache() {}
}
