import 'server-only';
import type { Db } from '@/lib/db';
import { AWAITING_CHECK } from '@/lib/lifecycle';
import { addDaysISO, bangkokMidnight, dateColumn, formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { toLocale, translator } from '@/lib/i18n/translator';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { formatTHB } from '@/lib/format/money';
import { compose } from '@/lib/email/notice';
import { siteBase } from '@/lib/platform/site-url';
import { log } from '@/lib/log';
import { batchRead } from '@/lib/platform/tasks/batch-reads';
import { ALERT_HREF, receives, type StaffAlertKind } from './kinds';
import { WAITS_FOR_STAFF_STATUSES } from '@/lib/holds/rules';
import { PAYMENT_TO_VERIFY, cashDueTodayWhere } from '@/lib/lifecycle/work-queues';
import { PRIVACY_REQUEST_DAYS, type PrivacyRequestKind } from '@/lib/retention/privacy-requests';

/**
 * Staff are told (docs/product-rules.md#staff-alerts): an email through the outbox to every active staff member who
 * has not switched the alert off, once per event (the dedupe key), and a count in the admin (alertCounts). Alerts never
 * hold up what caused them: a failure is logged, not thrown.
 */

type AlertKind = Exclude<StaffAlertKind, 'morning_digest'>;

async function recipients(db: Db, kind: StaffAlertKind) {
  // Once per batch of the task worker, which sends most alerts (lib/platform/tasks/batch-reads.ts).
  const staff = await batchRead('staff:recipients', () =>
    db.user.findMany({ where: { isActive: true }, select: { id: true, email: true, name: true, alertsOff: true, alertLocale: true }, orderBy: { email: 'asc' } }),
  );
  return staff.filter((s) => receives(s.alertsOff, kind));
}

type StaffAlertT = Awaited<ReturnType<typeof approvedTranslator<'staffAlerts'>>>;
/** An alert's placeholders; a function when some are words or dates in the reader's language. */
type AlertValues = Record<string, string> | ((t: StaffAlertT, locale: ReturnType<typeof toLocale>) => Record<string, string>);

/** One alert: `key` names the event (a booking, a payment, a job run), so the same event emails nobody twice. */
export async function alertStaff(db: Db, kind: AlertKind, key: string, valuesFor: AlertValues): Promise<number> {
  try {
    let sent = 0;
    for (const s of await recipients(db, kind)) {
      const locale = toLocale(s.alertLocale);
      const t = await approvedTranslator(db, locale, 'staffAlerts');
      const values = typeof valuesFor === 'function' ? valuesFor(t, locale) : valuesFor;
      const r = await compose({
        db,
        template: `staff_${kind}`,
        dedupeKey: `staff_alert:${kind}:${key}:${s.id}`,
        locale,
        to: s.email,
        bookingId: null,
        subject: t(`email.${kind}.subject`, values),
        heading: t(`kinds.${kind}`),
        name: s.name ?? s.email,
        paragraphs: [t(`email.${kind}.body`, values), t('email.settings')],
        button: { href: `${siteBase()}${ALERT_HREF[kind]}`, label: t('email.open') },
      });
      if (r.status !== 'duplicate') sent++;
    }
    return sent;
  } catch (err) {
    log.error({ err, kind, key }, 'staff alerts: could not send');
    return 0;
  }
}

/** What a new-booking alert says about the booking. */
export interface NewBookingFacts {
  reference: string;
  paymentMethod: string;
  /** satang */
  totalDueToday: number;
  customer: { firstName: string; lastName: string };
  unitType: { code: string };
}

/**
 * A new booking: its reference, unit type and payment method. The booking's own submit passes what it has just
 * written (`facts`), so the alert reads nothing back (README "Performance", booking submits).
 */
export async function alertNewBooking(db: Db, bookingId: string, facts?: NewBookingFacts): Promise<void> {
  const b =
    facts ??
    (await db.booking.findUnique({ where: { id: bookingId }, select: { reference: true, paymentMethod: true, totalDueToday: true, customer: { select: { firstName: true, lastName: true } }, unitType: { select: { code: true } } } }));
  if (!b) return;
  // The payment method in words, in each staff member's language (issue 37: staff read words, not codes).
  await alertStaff(db, 'new_booking', bookingId, (_t, locale) => ({
    reference: b.reference,
    name: `${b.customer.firstName} ${b.customer.lastName}`.trim(),
    unit: b.unitType.code.toUpperCase(),
    method: translator(locale, 'admin.dashboard')(`method.${b.paymentMethod as 'card' | 'promptpay' | 'bank_transfer' | 'crypto' | 'cash'}`),
    amount: formatTHB(b.totalDueToday, locale),
  }));
}

/** A slip (or a transfer the customer says was sent) is waiting in the payments queue. */
export async function alertSlipToCheck(db: Db, paymentId: string): Promise<void> {
  const p = await db.payment.findUnique({ where: { id: paymentId }, select: { status: true, amountSatang: true, invoice: { select: { number: true } }, booking: { select: { reference: true } } } });
  if (!p || !(AWAITING_CHECK as readonly string[]).includes(p.status)) return;
  await alertStaff(db, 'slip_to_check', `${paymentId}:${p.status}`, { reference: p.booking.reference, invoice: p.invoice?.number ?? '', amount: formatTHB(p.amountSatang, 'en') });
}

/** A visitor is waiting for a person in the chat; one alert until staff answer. */
export async function alertChatWaiting(db: Db, conversationId: string): Promise<void> {
  const lastStaff = await db.chatMessage.findFirst({ where: { conversationId, senderType: 'staff' }, orderBy: { createdAt: 'desc' }, select: { id: true } });
  await alertStaff(db, 'chat_waiting', `${conversationId}:${lastStaff?.id ?? 'none'}`, { conversation: conversationId.slice(-6) });
}

export async function alertJobFailed(db: Db, job: string, runId: string, error: string): Promise<void> {
  await alertStaff(db, 'job_failed', runId, { job, error: error.slice(0, 300) });
}

/**
 * A customer asked from the portal for a copy, a correction or erasure of their personal data
 * (docs/product-rules.md#personal-data-pdpa): the kind and the day it must be answered by, in the reader's language.
 * Written as a task with the request (lib/privacy/portal-requests.ts), so one request alerts once.
 */
export async function alertPrivacyRequest(db: Db, requestId: string, facts: { kind: PrivacyRequestKind; dueAt: Date }): Promise<void> {
  await alertStaff(db, 'privacy_request', requestId, (t, locale) => ({
    kind: t(`privacyKinds.${facts.kind}`),
    days: String(PRIVACY_REQUEST_DAYS),
    due: formatLongDate(todayInBangkok(facts.dueAt), locale),
  }));
}

/** The Bangkok day of `now` as a [start, end) pair of instants. */
function dayBounds(now: Date) {
  const today = todayInBangkok(now);
  return { today, start: bangkokMidnight(today), end: bangkokMidnight(addDaysISO(today, 1)) };
}


/** What the admin badge counts (docs/product-rules.md#staff-alerts). */
export async function alertCounts(db: Db, now = new Date()) {
  const { start } = dayBounds(now);
  const [newBookings, slipsToCheck, cashDueToday, chatsWaiting, lastRuns, holdsWaiting, paidNoUnit, noUnitFree, privacyRequests] = await Promise.all([
    db.booking.count({ where: { createdAt: { gte: new Date(now.getTime() - 24 * 3600_000) }, status: { in: ['reserved', 'confirmed'] } } }),
    db.payment.count({ where: PAYMENT_TO_VERIFY }),
    db.booking.count({ where: cashDueTodayWhere(now) }),
    chatsWaitingCount(db),
    db.jobRun.findMany({ where: { startedAt: { gte: new Date(start.getTime() - 24 * 3600_000) } }, orderBy: { startedAt: 'desc' }, select: { job: true, status: true } }),
    // Holds past their end that wait for staff (docs/product-rules.md#holds): a slip or crypto payment sent, or cash.
    db.booking.count({ where: { status: 'reserved', holdExpiresAt: { lt: now }, paymentStatus: { not: 'paid' }, OR: [{ paymentMethod: 'cash' }, { paymentStatus: { in: [...WAITS_FOR_STAFF_STATUSES] } }] } }),
    db.booking.count({ where: { status: 'reserved', paymentStatus: { in: ['paid', 'refunded'] }, unitId: null } }),
    waitingWithoutFreeUnit(db).then((rows) => rows.length),
    // Personal-data requests still to answer, whoever recorded them (each has its 30-day deadline).
    db.privacyRequest.count({ where: { status: 'open' } }),
  ]);
  // A job counts as failed while its latest run failed.
  const latest = new Map<string, string>();
  for (const r of lastRuns) if (!latest.has(r.job)) latest.set(r.job, r.status);
  const failedJobs = [...latest.values()].filter((s) => s === 'failed').length;
  const counts = { new_booking: newBookings, slip_to_check: slipsToCheck, cash_due_today: cashDueToday, chat_waiting: chatsWaiting, job_failed: failedJobs, hold_waiting: holdsWaiting, paid_no_unit: paidNoUnit, no_unit_free: noUnitFree, privacy_request: privacyRequests } satisfies Record<AlertKind, number>;
  return { counts, total: Object.values(counts).reduce((a, n) => a + n, 0) };
}

/**
 * Bookings made when only their type's reserve was free, whose money is on its way (a slip to check, cash promised at
 * the counter) while every unit of the type is now taken: staff cannot confirm them (docs/product-rules.md#inventory)
 * and must free a unit or cancel. Oldest first.
 */
export async function waitingWithoutFreeUnit(db: Db): Promise<{ id: string }[]> {
  const waiting = [...AWAITING_CHECK, 'pending_arrival'];
  return db.$queryRaw<{ id: string }[]>`
    SELECT b.id FROM bookings b
    WHERE b.status = 'reserved' AND b.unit_id IS NULL AND b.payment_status::text = ANY(${waiting})
      AND NOT EXISTS (SELECT 1 FROM units u WHERE u.unit_type_id = b.unit_type_id AND u.status = 'available' AND u.current_booking_id IS NULL AND u.retired_at IS NULL)
    ORDER BY b.created_at`;
}

/** Staff were refused a payment for a booking with no unit free (lib/payments/ledger/settle.ts): everyone is told, once a day. */
export async function alertNoUnitFree(db: Db, bookingId: string, now = new Date()): Promise<void> {
  const b = await db.booking.findUnique({ where: { id: bookingId }, select: { reference: true, totalDueToday: true, customer: { select: { firstName: true, lastName: true } }, unitType: { select: { code: true } } } });
  if (!b) return;
  await alertStaff(db, 'no_unit_free', `${bookingId}:${todayInBangkok(now)}`, { reference: b.reference, name: `${b.customer.firstName} ${b.customer.lastName}`.trim(), unit: b.unitType.code.toUpperCase(), amount: formatTHB(b.totalDueToday, 'en') });
}

/** Conversations a staff member has taken over whose newest message is the visitor's. */
async function chatsWaitingCount(db: Db): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM chat_conversations c
    WHERE c.status = 'taken_over' AND (
      SELECT m.sender_type::text FROM chat_messages m WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1
    ) = 'user'`;
  return rows[0]?.n ?? 0;
}

/**
 * The 08:00 round (the `staff-digest` job): an alert for each cash payer expected today, and each staff member's
 * digest of today's move-ins and move-outs, the overdue invoices and the units to overlock. Dedupe keys carry the
 * day, so a second run (or a second server) sends nothing more.
 */
export async function sendMorningDigest(db: Db, now: Date) {
  const { today } = dayBounds(now);
  const todayDate = dateColumn(today);
  const [cash, moveIns, moveOuts, overdue, overlock] = await Promise.all([
    db.booking.findMany({ where: cashDueTodayWhere(now), select: { id: true, reference: true, totalDueToday: true, customer: { select: { firstName: true, lastName: true } } }, orderBy: { reference: 'asc' } }),
    db.booking.findMany({ where: { status: 'confirmed', startDate: todayDate }, select: { reference: true, unit: { select: { number: true } }, customer: { select: { firstName: true, lastName: true } } }, orderBy: { reference: 'asc' } }),
    db.booking.findMany({ where: { status: { in: ['confirmed', 'active'] }, moveOutDate: todayDate }, select: { reference: true, unit: { select: { number: true } }, customer: { select: { firstName: true, lastName: true } } }, orderBy: { reference: 'asc' } }),
    db.invoice.findMany({ where: { status: 'open', dueAt: { lt: bangkokMidnight(today) } }, select: { number: true, totalSatang: true, dueAt: true, booking: { select: { reference: true } } }, orderBy: { dueAt: 'asc' }, take: 50 }),
    db.booking.findMany({ where: { delinquency: 'overlocked', status: 'active' }, select: { reference: true, unit: { select: { number: true } } }, orderBy: { reference: 'asc' } }),
  ]);
  let cashAlerts = 0;
  for (const b of cash) {
    cashAlerts += await alertStaff(db, 'cash_due_today', `${b.id}:${today}`, { reference: b.reference, name: `${b.customer.firstName} ${b.customer.lastName}`.trim(), amount: formatTHB(b.totalDueToday, 'en') });
  }
  let digests = 0;
  for (const s of await recipients(db, 'morning_digest')) {
    const locale = toLocale(s.alertLocale);
    const t = await approvedTranslator(db, locale, 'staffAlerts');
    const name = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();
    const section = (title: string, lines: string[]) => `${title} (${lines.length}): ${lines.length ? lines.join('; ') : t('digest.none')}`;
    try {
      const r = await compose({
        db,
        template: 'staff_morning_digest',
        dedupeKey: `staff_digest:${today}:${s.id}`,
        locale,
        to: s.email,
        bookingId: null,
        subject: t('digest.subject', { date: formatLongDate(today, locale) }),
        heading: t('digest.heading', { date: formatLongDate(today, locale) }),
        name: s.name ?? s.email,
        paragraphs: [
          section(t('digest.moveIns'), moveIns.map((b) => `${b.reference} ${name(b.customer)}${b.unit ? ` (${b.unit.number})` : ''}`)),
          section(t('digest.moveOuts'), moveOuts.map((b) => `${b.reference} ${name(b.customer)}${b.unit ? ` (${b.unit.number})` : ''}`)),
          section(t('digest.overdue'), overdue.map((i) => `${i.number} ${i.booking.reference} ${formatTHB(i.totalSatang, locale)}`)),
          section(t('digest.overlock'), overlock.map((b) => `${b.unit?.number ?? '—'} ${b.reference}`)),
          t('email.settings'),
        ],
        button: { href: `${siteBase()}/admin`, label: t('email.open') },
      });
      if (r.status !== 'duplicate') digests++;
    } catch (err) {
      log.error({ err, staff: s.id }, 'staff alerts: digest failed');
    }
  }
  return { cashAlerts, digests, moveIns: moveIns.length, moveOuts: moveOuts.length, overdueInvoices: overdue.length, toOverlock: overlock.length };
}

/** The member's choices: which alerts they do not want, and the language of their emails. */
export async function saveAlertPreferences(db: Db, userId: string, input: { receive: readonly StaffAlertKind[]; locale: 'en' | 'th' }, all: readonly StaffAlertKind[]) {
  const alertsOff = all.filter((k) => !input.receive.includes(k));
  await db.user.update({ where: { id: userId }, data: { alertsOff, alertLocale: input.locale } });
}
