// Next's cache of rendered public pages (ISR), configured in next.config.ts as `cacheHandler`. It is Next's own
// file-system cache with one rule added: an entry written before public data last changed, or before this server
// started, is not served; the page renders again from the database. So
//   - revalidatePublicData() (lib/platform/cache/revalidate.ts) refreshes every public page at once, from any code path
//     (server actions, route handlers, after a transaction commits), without Next's request-bound revalidatePath;
//   - pages prerendered by `next build` (which reads no database) are never shown: the first visit renders them;
//   - an entry older than MAX_AGE_MS is never served, however quiet the site (docs/product-rules.md#caching).
// Plain JavaScript: Next loads it at run time, outside the app's bundle; the two meet through globalThis.
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;
const CHANGED_AT = Symbol.for('pss.publicDataChangedAt');
export const MAX_AGE_MS = 40_000;

globalThis[CHANGED_AT] ??= Date.now();

export default class PublicDataCache extends FileSystemCache {
  async get(key, ctx) {
    const data = await super.get(key, ctx);
    if (!data || ctx?.kind === 'FETCH') return data;
    const lastModified = typeof data.lastModified === 'number' ? data.lastModified : 0;
    if (lastModified < globalThis[CHANGED_AT] || Date.now() - lastModified > MAX_AGE_MS) return null;
    return data;
  }
}
