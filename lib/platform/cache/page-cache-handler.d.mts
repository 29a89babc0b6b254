export declare const PUBLIC_PAGES_TAG: string;
export function tagTimes(): Map<string, number>;
export function revalidateTags(tags: string[], at?: number): void;
// Entries are Next's cache values as Next hands them over (documented as opaque): typed loosely on purpose.
type Value = { kind: string; html?: string; headers?: Record<string, string | string[] | undefined>; [field: string]: unknown };
type Entry = { value: Value & { headers: Record<string, string> }; lastModified: number; [field: string]: unknown };
export default class PageCacheHandler {
  constructor(options: unknown);
  get(key: string, ctx?: unknown): Promise<Entry>;
  set(key: string, data: Value, ctx?: { cacheControl?: { revalidate?: number; expire?: number }; tags?: string[] }): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
