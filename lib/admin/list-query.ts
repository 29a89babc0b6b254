import { z } from 'zod';

/**
 * Staff lists keep their whole view in the address (docs/product-rules.md#staff-lists): filters, the sorted column
 * and its direction, the page. A bookmarked or shared address opens the same rows in the same order.
 */
export const sortDirSchema = z.enum(['asc', 'desc']).optional().catch(undefined);
export type SortDir = 'asc' | 'desc';

/** A list address from its values: empty ones left out, `true` as '1', `false` dropped. */
export function listHref(base: string, values: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    q.set(k, v === true ? '1' : String(v));
  }
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

/**
 * A column header's link and state: the column sorted now flips its direction; another column starts in its natural
 * direction (newest, largest first for dates and amounts). Sorting starts again at page 1.
 */
export function sortHeader<K extends string>(
  base: string,
  filters: Record<string, unknown> & { sort?: K; dir?: SortDir },
  column: K,
  current: { sort: K; dir: SortDir },
  firstDir: SortDir = 'asc',
): { href: string; state?: 'ascending' | 'descending' } {
  const active = current.sort === column;
  const dir: SortDir = active ? (current.dir === 'asc' ? 'desc' : 'asc') : firstDir;
  return { href: listHref(base, { ...filters, sort: column, dir, page: undefined }), state: active ? (current.dir === 'asc' ? 'ascending' : 'descending') : undefined };
}

/** Flat address-bar values (the first of repeated ones). */
export function flatParams(raw: Record<string, string | string[] | undefined> | URLSearchParams): Record<string, string | undefined> {
  if (raw instanceof URLSearchParams) return Object.fromEntries(raw.entries());
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

/**
 * The staff lists count their matches only up to the next round thousand ("More than 1,000 bookings"): counting
 * every one of 200,000 invoices for a pager costs more than the page itself (README "Performance" → "Scale").
 */
export const LIST_COUNT_CAP = 1_000;

/** The count limit for a page: the round thousand past the page's last row (so whether a next page exists is known). */
export function countLimit(page: number, pageSize: number): number {
  return Math.ceil((page * pageSize + 1) / LIST_COUNT_CAP) * LIST_COUNT_CAP;
}

/** `count(take)` counts at most `take` rows (Prisma's count with `take`): the matches up to the limit, and whether there are more. */
export async function cappedCount(page: number, pageSize: number, count: (take: number) => Promise<number>): Promise<{ count: number; capped: boolean }> {
  const limit = countLimit(page, pageSize);
  const n = await count(limit + 1);
  return { count: Math.min(n, limit), capped: n > limit };
}
