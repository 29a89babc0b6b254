import 'server-only';
import type { Db } from '@/lib/db';
import { handle, registry, runDueTasks } from '@/lib/platform/tasks/worker';
import { LINE_PUSH } from '@/lib/line/outbox';
import { STAFF_NEW_BOOKING, STAFF_PRIVACY_REQUEST } from '@/lib/staff-alerts/tasks';
import { alertNewBooking, alertPrivacyRequest } from '@/lib/staff-alerts';
import { ETAX_SEND, sendEtaxDelivery } from '@/lib/invoices/etax/send';
import { GATE_PUSH } from '@/lib/gate/changes';
import { pushGateChange } from '@/lib/gate/push';
import { WAITING_LIST_OFFER } from '@/lib/waiting-list/offer-task';
import { offerFreedUnit } from '@/lib/billing/waiting-list-offers';
import { PORTAL_SIGN_IN_LINK, sendLinkIfKnown } from '@/lib/portal/sign-in-link';
import { deliverLineMessage } from './line-push';
import { EMAIL_DELIVER_HANDLER } from './email-outbox';

/**
 * Every task type and its handler (docs/architecture.md, "Deferred work"): the domains declare their task types
 * beside the code that enqueues them; the handlers are gathered here, where the domains are composed, like the jobs.
 */
export const TASK_HANDLERS = registry([
  EMAIL_DELIVER_HANDLER,
  handle(LINE_PUSH, (db, msg, ctx) => deliverLineMessage(db, msg, ctx)),
  handle(GATE_PUSH, (db, { changeId }) => pushGateChange(db, changeId)),
  handle(ETAX_SEND, (db, key) => sendEtaxDelivery(db, key)),
  handle(STAFF_NEW_BOOKING, async (db, { bookingId, facts }) => {
    await alertNewBooking(db, bookingId, facts);
  }),
  // Offers the unit only while it is free, holding it in the offer's own transaction: a second run offers nothing.
  handle(WAITING_LIST_OFFER, async (db, { unitId, at }) => ({ offerId: (await offerFreedUnit(db, unitId, new Date(at)))?.offerId ?? null })),
  handle(PORTAL_SIGN_IN_LINK, (db, request) => sendLinkIfKnown(db, request)),
  handle(STAFF_PRIVACY_REQUEST, async (db, { requestId, kind, dueAt }) => {
    await alertPrivacyRequest(db, requestId, { kind, dueAt: new Date(dueAt) });
  }),
]);

/** One pass of the worker over every due task (the scheduler runs it every few seconds on every server). */
export function runTasks(db: Db, opts: { now?: Date; budgetMs?: number; types?: readonly string[] } = {}) {
  return runDueTasks(db, TASK_HANDLERS, opts);
}
