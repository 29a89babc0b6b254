import 'server-only';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import type { StaffUser } from '@/lib/auth/staff';
import { recordAudit } from '@/lib/audit';
import { addDaysISO, dateColumn, todayInBangkok } from '@/lib/dates/bangkok';
import { queueEmail } from '@/lib/platform/mail/outbox';
import { addMonthsISO } from './calendar';
import { Refusal } from '@/lib/actions/refusal';
import { translator } from '@/lib/i18n/translator';
import { RENT_NOTICE_DAYS } from '@/lib/legal/rental-terms';

/**
 * Prices over time (docs/product-rules.md#prices-over-time-prepayment-and-card-retries): every rental bills its own
 * monthly rate (bookings.rent_rate). A new list price reaches existing tenants only through a RentChange: an increase
 * from the first billing date at least RENT_NOTICE_DAYS after the notice email, a decrease from the next billing date
 * not yet invoiced. The billing job makes a change the rental's own rate on its date.
 */
export { RENT_NOTICE_DAYS };

type Tx = Prisma.TransactionClient;
type Actor = Pick<StaffUser, 'id' | 'email'>;
const iso = (d: Date) => d.toISOString().slice(0, 10);

export class RentChangeError extends Refusal {
  constructor(readonly code: 'price_changed' | 'nothing_to_change' | 'not_found') {
    super(code);
  }
  say(locale: string): string {
    return translator(locale, 'rentTerms.admin')(`errors.${this.code}`);
  }
}

/**
 * The rate a renewal period starting on `periodStart` bills: the rental's own rate, or a change announced for a date
 * on or before the period (the job may not have applied it yet when the invoice is issued, 7 days ahead).
 */
export async function rentRateFor(tx: Tx, booking: { id: string; rentRate: number }, periodStart: string): Promise<number> {
  const change = await tx.rentChange.findFirst({
    where: { bookingId: booking.id, appliedAt: null, cancelledAt: null, effectiveFrom: { lte: dateColumn(periodStart) } },
    orderBy: { effectiveFrom: 'desc' },
  });
  return change?.newRate ?? booking.rentRate;
}

interface Rental {
  startDate: Date;
  months: number;
  paidThroughMonths: number | null;
  moveOutDate: Date | null;
  invoices: { periodStart: Date | null }[];
}

/**
 * The billing date a new rate starts on for one rental: a month-to-month billing date (after the booked term and any
 * prepaid months), not yet invoiced, and for an increase at least RENT_NOTICE_DAYS away. Null when the rental ends first.
 */
export function effectiveDateFor(rental: Rental, increase: boolean, today: string): string | null {
  const start = iso(rental.startDate);
  const from = Math.max(rental.months, rental.paidThroughMonths ?? 0);
  const earliest = increase ? addDaysISO(today, RENT_NOTICE_DAYS) : addDaysISO(today, 1);
  const invoiced = new Set(rental.invoices.map((i) => (i.periodStart ? iso(i.periodStart) : '')));
  const moveOut = rental.moveOutDate ? iso(rental.moveOutDate) : null;
  for (let k = from; k < from + 240; k++) {
    const date = addMonthsISO(start, k);
    if (moveOut && date > moveOut) return null;
    if (date >= earliest && !invoiced.has(date)) return date;
  }
  return null;
}

export interface AffectedTenant {
  bookingId: string;
  reference: string;
  name: string;
  unitNumber: string | null;
  oldRate: number;
  newRate: number;
  effectiveFrom: string;
}

/** Who a unit type's list price would move, and to what from when: the admin shows it before staff confirm. */
export async function affectedTenants(db: Db | Tx, unitTypeCode: string, now: Date): Promise<{ listRate: number; tenants: AffectedTenant[] }> {
  const type = await db.unitType.findUnique({ where: { code: unitTypeCode }, select: { id: true, baseRate: true } });
  if (!type) throw new RentChangeError('not_found');
  const today = todayInBangkok(now);
  const bookings = await db.booking.findMany({
    where: {
      unitTypeId: type.id,
      status: { in: ['confirmed', 'active'] },
      // a rate unlike the list, or a change announced to one (a price put back before its date cancels it)
      OR: [{ rentRate: { not: type.baseRate } }, { rentChanges: { some: { appliedAt: null, cancelledAt: null } } }],
    },
    orderBy: { reference: 'asc' },
    include: {
      customer: { select: { firstName: true, lastName: true, companyName: true } },
      unit: { select: { number: true } },
      invoices: { where: { kind: 'renewal' }, select: { periodStart: true } },
      rentChanges: { where: { appliedAt: null, cancelledAt: null }, select: { newRate: true } },
    },
  });
  const tenants: AffectedTenant[] = [];
  for (const b of bookings) {
    // Already at, or already told about, this very rate: nothing new to announce.
    if ((b.rentChanges[0]?.newRate ?? b.rentRate) === type.baseRate) continue;
    const effectiveFrom = effectiveDateFor(b, type.baseRate > b.rentRate, today);
    if (!effectiveFrom) continue;
    tenants.push({
      bookingId: b.id,
      reference: b.reference,
      name: b.customer.companyName || `${b.customer.firstName} ${b.customer.lastName}`,
      unitNumber: b.unit?.number ?? null,
      oldRate: b.rentRate,
      newRate: type.baseRate,
      effectiveFrom,
    });
  }
  return { listRate: type.baseRate, tenants };
}

/**
 * Staff confirmed the list they were shown: each affected rental gets its change and its notice email (written to the
 * outbox in the same transaction). `seenListRate` is the price the list was computed for: a price saved meanwhile
 * refuses the confirmation rather than announce a rate nobody looked at. A pending change to another rate is replaced.
 */
export async function scheduleRentChanges(db: Db, actor: Actor, unitTypeCode: string, seenListRate: number, now: Date = new Date()) {
  return db.$transaction(async (tx) => {
    const type = await tx.unitType.findUnique({ where: { code: unitTypeCode }, select: { id: true } });
    if (!type) throw new RentChangeError('not_found');
    // One confirmation at a time per unit type: a double click waits, then finds nothing left to announce.
    await tx.$queryRaw`SELECT id FROM unit_types WHERE id = ${type.id} FOR UPDATE`;
    const { listRate, tenants } = await affectedTenants(tx, unitTypeCode, now);
    if (listRate !== seenListRate) throw new RentChangeError('price_changed');
    if (!tenants.length) throw new RentChangeError('nothing_to_change');
    const ids: string[] = [];
    for (const t of tenants) {
      await tx.rentChange.updateMany({ where: { bookingId: t.bookingId, appliedAt: null, cancelledAt: null }, data: { cancelledAt: now } });
      if (t.newRate === t.oldRate) {
        // The price was put back before the announced date: the change is withdrawn and the rental keeps its rate.
        await recordAudit(tx, { actor, action: 'booking.rent_change_withdrawn', entity: 'booking', entityId: t.bookingId, after: { rentRate: t.oldRate } });
        ids.push('');
        continue;
      }
      const change = await tx.rentChange.create({
        data: { bookingId: t.bookingId, oldRate: t.oldRate, newRate: t.newRate, effectiveFrom: dateColumn(t.effectiveFrom), noticeSentAt: now, createdById: actor.id },
      });
      const booking = await tx.booking.findUniqueOrThrow({ where: { id: t.bookingId }, select: { locale: true, customer: { select: { email: true, locale: true } } } });
      await queueEmail(tx, { dedupeKey: `rent_change:${change.id}`, template: 'rent_change', locale: booking.customer.locale || booking.locale, to: booking.customer.email, bookingId: t.bookingId });
      await recordAudit(tx, { actor, action: 'booking.rent_change', entity: 'booking', entityId: t.bookingId, before: { rentRate: t.oldRate }, after: { rentRate: t.newRate, effectiveFrom: t.effectiveFrom, changeId: change.id } });
      ids.push(change.id);
    }
    return { scheduled: ids.filter(Boolean).length, withdrawn: ids.filter((i) => !i).length, changeIds: ids.filter(Boolean) };
  });
}

/** Billing job: changes whose date has come become the rental's own rate, once each. */
export async function applyDueRentChanges(db: Db, now: Date): Promise<{ applied: number }> {
  const today = todayInBangkok(now);
  const due = await db.rentChange.findMany({ where: { appliedAt: null, cancelledAt: null, effectiveFrom: { lte: dateColumn(today) } }, orderBy: { effectiveFrom: 'asc' } });
  let applied = 0;
  for (const c of due) {
    const done = await db.$transaction(async (tx) => {
      const { count } = await tx.rentChange.updateMany({ where: { id: c.id, appliedAt: null, cancelledAt: null }, data: { appliedAt: now } });
      if (!count) return false;
      const before = await tx.booking.findUniqueOrThrow({ where: { id: c.bookingId }, select: { rentRate: true } });
      await tx.booking.update({ where: { id: c.bookingId }, data: { rentRate: c.newRate } });
      await recordAudit(tx, { actor: null, action: 'booking.rent_change_applied', entity: 'booking', entityId: c.bookingId, before: { rentRate: before.rentRate }, after: { rentRate: c.newRate, effectiveFrom: iso(c.effectiveFrom), changeId: c.id } });
      return true;
    });
    if (done) applied++;
  }
  return { applied };
}
