import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { bangkokDateTime, toCsv } from './csv';
import { sortDirSchema, type SortDir } from './list-query';
import { bangkokDayRange } from '@/lib/dates/bangkok';

export const AUDIT_PAGE_SIZE = 50;
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const text = z.preprocess(blankToUndefined, z.string().trim().max(100).optional()).catch(undefined);
const day = z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional()).catch(undefined);

/** The audit log's sortable columns (ties: newest first). */
const AUDIT_SORTS = {
  when: (d: SortDir): Prisma.AuditLogOrderByWithRelationInput[] => [{ createdAt: d }],
  who: (d: SortDir): Prisma.AuditLogOrderByWithRelationInput[] => [{ actorEmail: { sort: d, nulls: 'last' } }],
  action: (d: SortDir): Prisma.AuditLogOrderByWithRelationInput[] => [{ action: d }],
  entity: (d: SortDir): Prisma.AuditLogOrderByWithRelationInput[] => [{ entity: d }, { entityId: { sort: d, nulls: 'first' } }],
} as const;
export const AUDIT_SORT_KEYS = Object.keys(AUDIT_SORTS) as (keyof typeof AUDIT_SORTS)[];
export type AuditSort = keyof typeof AUDIT_SORTS;

/** The audit log's filters, from the address bar (days are Bangkok days); anything malformed is ignored. */
export const auditFiltersSchema = z.object({
  action: text,
  entity: text,
  actor: text,
  id: text,
  from: day,
  to: day,
  sort: z.preprocess(blankToUndefined, z.enum(AUDIT_SORT_KEYS as [AuditSort, ...AuditSort[]]).optional()).catch(undefined),
  dir: sortDirSchema,
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export function auditWhere(f: AuditFilters): Prisma.AuditLogWhereInput {
  return {
    ...(f.action ? { action: { startsWith: f.action } } : {}),
    ...(f.entity ? { entity: f.entity } : {}),
    ...(f.actor ? { actorEmail: { contains: f.actor.toLowerCase() } } : {}),
    ...(f.id ? { entityId: f.id } : {}),
    ...(f.from || f.to
      ? { createdAt: bangkokDayRange(f.from, f.to) }
      : {}),
  };
}

/** The sort in force: the chosen column, or newest first. */
export function auditSort(f: AuditFilters): { sort: AuditSort; dir: SortDir } {
  return { sort: f.sort ?? 'when', dir: f.dir ?? (f.sort && f.sort !== 'when' ? 'asc' : 'desc') };
}

export function auditOrderBy(f: AuditFilters): Prisma.AuditLogOrderByWithRelationInput[] {
  const { sort, dir } = auditSort(f);
  return [...AUDIT_SORTS[sort](dir), { createdAt: 'desc' }, { id: 'asc' }];
}

/** A page at a time in the chosen order. */
export async function searchAudit(db: Db, f: AuditFilters) {
  const where = auditWhere(f);
  const [total, rows] = await Promise.all([
    db.auditLog.count({ where }),
    db.auditLog.findMany({ where, orderBy: auditOrderBy(f), skip: (f.page - 1) * AUDIT_PAGE_SIZE, take: AUDIT_PAGE_SIZE }),
  ]);
  return { total, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)), rows };
}

export const AUDIT_COLUMNS = ['created_at', 'actor_email', 'action', 'entity', 'entity_id', 'note', 'before', 'after'];

/** The audit log's rows as CSV: exactly what its filters select, in its order (not paged); before/after as JSON. */
export async function auditListCsv(db: Db, f: AuditFilters): Promise<string> {
  const rows = await db.auditLog.findMany({ where: auditWhere(f), orderBy: auditOrderBy(f), take: 50_000 });
  return toCsv(
    AUDIT_COLUMNS,
    rows.map((r) => {
      const data = (r.data ?? {}) as { before?: unknown; after?: unknown; note?: string | null };
      const json = (v: unknown) => (v === undefined || v === null ? '' : JSON.stringify(v));
      return [bangkokDateTime(r.createdAt), r.actorEmail ?? '', r.action, r.entity, r.entityId ?? '', data.note ?? '', json(data.before), json(data.after)];
    }),
  );
}
