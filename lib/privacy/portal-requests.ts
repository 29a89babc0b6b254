import 'server-only';
import type { Db } from '@/lib/db';
import { enqueueTask } from '@/lib/platform/tasks/queue';
import { STAFF_PRIVACY_REQUEST } from '@/lib/staff-alerts/tasks';
import { createPrivacyRequest } from './subject';

/**
 * A customer's own request under the PDPA from the portal (docs/product-rules.md#personal-data-pdpa): the same
 * `privacy_requests` row staff record, marked `portal`, with its 30-day deadline. The portal offers a copy of the data
 * (which is also the right of access), a correction (the customer says what is wrong), erasure, withdrawing a consent
 * (the optional selfie, LINE messages: cookie choices change at once from the footer), an objection and a pause.
 */
export const PORTAL_REQUEST_KINDS = ['export', 'correction', 'erasure', 'withdrawal', 'objection', 'restriction'] as const;
export type PortalRequestKind = (typeof PORTAL_REQUEST_KINDS)[number];
export const PORTAL_REQUEST_DETAILS_MAX = 2000;

/**
 * Records the request, or hands back the open one of the same kind for the same email: pressing twice (or from two
 * bookings of the same person) makes one request, not two deadlines for staff.
 */
export async function requestFromPortal(db: Db, input: { email: string; kind: PortalRequestKind; details?: string | null }, now: Date = new Date()) {
  const email = input.email.trim().toLowerCase();
  const open = await db.privacyRequest.findFirst({ where: { email, kind: input.kind, status: 'open' }, orderBy: { receivedAt: 'desc' } });
  if (open) return { request: open, created: false };
  // Staff are told (docs/product-rules.md#staff-alerts) by a task written with the request: no request without its
  // alert, no alert for a request that rolled back, and the customer's submit never waits for staff emails.
  const request = await db.$transaction(async (tx) => {
    const r = await createPrivacyRequest(tx, { email, kind: input.kind, source: 'portal', details: input.details?.trim() || null }, now);
    await enqueueTask(tx, STAFF_PRIVACY_REQUEST, { requestId: r.id, kind: input.kind, dueAt: r.dueAt.toISOString() }, { dedupeKey: `staff.privacy-request:${r.id}` });
    return r;
  });
  return { request, created: true };
}

/** The requests the customer sees in the portal: their email's only (staff-recorded ones too), newest first. */
export function portalRequestsFor(db: Db, email: string) {
  return db.privacyRequest.findMany({
    where: { email: email.trim().toLowerCase() },
    orderBy: { receivedAt: 'desc' },
    take: 20,
    select: { id: true, kind: true, status: true, receivedAt: true, dueAt: true, completedAt: true, outcome: true },
  });
}
