import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import type { StaffUser } from '@/lib/auth/staff';

type Tx = Prisma.TransactionClient;

export interface AuditEntry {
  /** who: the staff member, or null for the system (a job, a webhook) */
  actor: Pick<StaffUser, 'id' | 'email'> | null;
  /** what was done, verb.noun: 'booking.cancel', 'unitType.update', 'payment.verify' */
  action: string;
  /** the kind of record and its id */
  entity: string;
  entityId: string | null;
  /** the record before and after (only the fields that matter; never secrets) */
  before?: unknown;
  after?: unknown;
  note?: string;
}

/**
 * Writes one audit-log row inside the caller's transaction, so the change and its record commit together. Answers the
 * row's id (a move's follow-up names the move by it, lib/lifecycle).
 */
export async function recordAudit(tx: Tx, e: AuditEntry): Promise<string> {
  return (await tx.auditLog.create({ data: auditRow(e), select: { id: true } })).id;
}

/** recordAudit for many entries in one statement (a job's batch, lib/billing/renewals.ts). */
export async function recordAudits(tx: Tx, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length) await tx.auditLog.createMany({ data: entries.map(auditRow) });
}

function auditRow(e: AuditEntry) {
  return {
    actorId: e.actor?.id ?? null,
    actorEmail: e.actor?.email ?? null,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId,
    data: JSON.parse(JSON.stringify({ before: e.before ?? null, after: e.after ?? null, note: e.note ?? null })),
  };
}
