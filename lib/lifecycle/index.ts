import 'server-only';
import { Prisma } from '@/generated/prisma/client';
import type { PaymentMethod, PaymentStatus } from '@/generated/prisma/enums';
import { recordAudit } from '@/lib/audit';
import type { StaffUser } from '@/lib/auth/staff';
import { translator } from '@/lib/i18n/translator';
import { revalidatePublicData } from '@/lib/platform/cache/revalidate';
import type { Db } from '@/lib/db';
import { asStatusWriter, checkStatusWrite } from '@/lib/db/status-writes';
import { nextState, type ActionOf, type Machine, type StateOf } from './table';
import { Refusal } from '@/lib/actions/refusal';
import { enqueueWaitingListOffer } from '@/lib/waiting-list/offer-task';
import { FREE_UNIT_SQL } from '@/lib/units/free';

export * from './table';

type Tx = Prisma.TransactionClient;
type Actor = Pick<StaffUser, 'id' | 'email'> | null;

/** A move the table does not allow. Thrown before anything is written, so the caller's transaction changes nothing. */
export class LifecycleError extends Refusal {
  readonly code = 'not_allowed' as const;
  constructor(
    readonly machine: Machine,
    readonly action: string,
    readonly from: string | null,
  ) {
    super(`${machine} ${from ?? 'missing'}: "${action}" is not allowed`);
  }
  /** Nothing was written (another staff member got there first): docs/product-rules.md#lifecycle. */
  say(locale: string): string {
    return lifecycleMessage(locale, this);
  }
}

/** The clear message a refused transition answers, in the customer's or staff member's language. */
export function lifecycleMessage(locale: string, error: LifecycleError): string {
  const t = translator(locale, 'lifecycle');
  if (error.from === null) return t('errors.notFound');
  return t('errors.notAllowed', { thing: t(`machines.${error.machine}`), state: error.from, action: error.action });
}

// Where each machine's state lives. Identifiers come from this constant only, never from input.
const WHERE: Record<Machine, { table: string; column: string; entity: string }> = {
  booking: { table: 'bookings', column: 'status', entity: 'booking' },
  delinquency: { table: 'bookings', column: 'delinquency', entity: 'booking' },
  payment: { table: 'payments', column: 'status', entity: 'payment' },
  invoice: { table: 'invoices', column: 'status', entity: 'invoice' },
  unit: { table: 'units', column: 'status', entity: 'unit' },
};

export interface TransitionOptions {
  actor?: Actor;
  /**
   * A unit this move puts back on sale is offered to the first person waiting for its type
   * (docs/product-rules.md#waiting-list): a `waiting_list.offer_freed_unit` task written in this transaction, run by
   * the worker once it commits; `at` is the change's moment, when the offer's 24 hours start. Left off where the unit is meant for someone already (an offer taken up, a hold the same
   * person replaced, a checkout that could not open and whose offer is restored).
   */
  offerToWaitingList?: { at: Date };
  /** other fields written with the status in the same update (dates, amounts); never logged (a gate PIN may be here) */
  data?: Record<string, unknown>;
  /** what the audit row shows besides the states */
  audit?: Record<string, unknown>;
  note?: string;
  /**
   * The row's state as the caller read it while locking the row (FOR UPDATE) earlier in this transaction, so it is not
   * read again (a booking's unit pick, README "Performance"); not for payments, whose method the table also needs.
   */
  lockedFrom?: string;
}

export interface Transitioned<S extends string> {
  from: S;
  to: S;
}

/**
 * THE writer of booking, delinquency, payment, invoice and unit statuses (docs/product-rules.md#lifecycle): locks
 * the row, checks the move against the table, writes the new state with `data` and one audit row, all in the caller's
 * transaction. A move the table does not allow throws LifecycleError before writing anything. What follows a move
 * (emails, the waiting-list offer) is a task written in the same transaction (docs/architecture.md, "Deferred work"),
 * so a rolled-back change never emails anyone and a committed one loses nothing.
 */
export async function transition<M extends Machine>(tx: Tx, machine: M, id: string, action: ActionOf<M>, opts: TransitionOptions = {}): Promise<Transitioned<StateOf<M>>> {
  const outcome = await attempt(tx, machine, id, action, opts);
  if (!outcome.ok) throw new LifecycleError(machine, action, outcome.from);
  return outcome.moved;
}

/**
 * The same move for each row the table allows it from; the others are left as they are (e.g. "cancel every payment
 * of this booking still open": a paid one is not cancelled). Answers the moves made.
 */
export async function transitionEach<M extends Machine>(tx: Tx, machine: M, ids: readonly string[], action: ActionOf<M>, opts: TransitionOptions = {}): Promise<(Transitioned<StateOf<M>> & { id: string })[]> {
  const moved: (Transitioned<StateOf<M>> & { id: string })[] = [];
  for (const id of ids) {
    const outcome = await attempt(tx, machine, id, action, opts);
    if (outcome.ok) moved.push({ id, ...outcome.moved });
  }
  return moved;
}

async function attempt<M extends Machine>(
  tx: Tx,
  machine: M,
  id: string,
  action: ActionOf<M>,
  opts: TransitionOptions,
): Promise<{ ok: true; moved: Transitioned<StateOf<M>> } | { ok: false; from: string | null }> {
  const w = WHERE[machine];
  const rows =
    opts.lockedFrom !== undefined && machine !== 'payment'
      ? [{ state: opts.lockedFrom, method: null }]
      : await tx.$queryRaw<{ state: string; method: PaymentMethod | null }[]>(
          Prisma.sql`SELECT ${Prisma.raw(`"${w.column}"::text`)} AS state, ${Prisma.raw(machine === 'payment' ? 'method::text' : 'NULL')} AS method FROM ${Prisma.raw(`"${w.table}"`)} WHERE id = ${id} FOR UPDATE`,
        );
  const row = rows[0];
  if (!row) return { ok: false, from: null };
  const move = nextState(machine, row.state as StateOf<M>, action, { method: row.method });
  if (!move.ok) return { ok: false, from: row.state };
  const data: Record<string, unknown> = { ...(opts.data ?? {}), [machine === 'delinquency' ? 'delinquency' : 'status']: move.to };
  // A unit back on sale belongs to nobody and opens for nobody (the database checks the first half too).
  if (machine === 'unit' && move.to === 'available') Object.assign(data, { currentBookingId: null, gateCode: null });
  // The one place the data layer lets a status be written (lib/db/status-writes.ts).
  await asStatusWriter('lifecycle', async () => {
    switch (machine) {
      case 'booking':
      case 'delinquency':
        await tx.booking.update({ where: { id }, data });
        break;
      case 'payment':
        await tx.payment.update({ where: { id }, data });
        break;
      case 'invoice':
        await tx.invoice.update({ where: { id }, data });
        break;
      case 'unit':
        await tx.unit.update({ where: { id }, data });
        break;
    }
  });
  const auditId = await recordAudit(tx, {
    actor: opts.actor ?? null,
    action: `${machine}.${action}`,
    entity: w.entity,
    entityId: id,
    before: { [machine === 'delinquency' ? 'delinquency' : 'status']: move.from },
    after: { [machine === 'delinquency' ? 'delinquency' : 'status']: move.to, ...(opts.audit ?? {}) },
    note: opts.note,
  });
  if (machine === 'unit' && move.from !== move.to) {
    // What the public pages show as free changed (safe inside the transaction: see lib/platform/cache/revalidate.ts).
    revalidatePublicData('availability');
    if (move.to === 'available' && opts.offerToWaitingList) await enqueueWaitingListOffer(tx, id, opts.offerToWaitingList.at, auditId);
  }
  return { ok: true, moved: { from: move.from, to: move.to } };
}

/**
 * A booking's payment standing (bookings.payment_status), which follows its payments: set here, beside the moves of
 * those payments, and nowhere else (the data layer refuses it elsewhere, lib/db/status-writes.ts). `from` narrows the
 * write to a booking still in one of those standings (answers whether it was written).
 */
export async function setBookingPaymentStatus(tx: Tx, bookingId: string, to: PaymentStatus, opts: { from?: readonly PaymentStatus[]; notFrom?: readonly PaymentStatus[] } = {}): Promise<boolean> {
  return asStatusWriter('lifecycle', async () => {
    if (!opts.from && !opts.notFrom) {
      await tx.booking.update({ where: { id: bookingId }, data: { paymentStatus: to } });
      return true;
    }
    const { count } = await tx.booking.updateMany({
      where: { id: bookingId, paymentStatus: { ...(opts.from ? { in: [...opts.from] } : {}), ...(opts.notFrom ? { notIn: [...opts.notFrom] } : {}) } },
      data: { paymentStatus: to },
    });
    return count === 1;
  });
}

/** `parts` joined, each followed by a comma (nothing when there are none): the first items of a list. */
const leading = (parts: Prisma.Sql[] = []) => (parts.length ? Prisma.sql`${Prisma.join(parts, ', ')}, ` : Prisma.empty);

/**
 * A booking's pick of a free unit of its type fused with the unit's 'hold' move, in one statement (a submit holds its
 * type's lock from the pick to its commit, and every other submit of the type waits that long: README "Performance",
 * booking submits). The type's free units are counted; one of them is locked (FOR UPDATE SKIP LOCKED) and taken only
 * while more than `takeAbove` are free (null: whatever the count); it is set on the booking, held for it, and the
 * move's audit row is written: the rows transition(tx, 'unit', id, 'hold', ...) writes after such a pick. `also`: the
 * caller's own reads and last writes (common table expressions, and the columns read from them, returned in `also`),
 * run in the same statement so the locks its transaction holds are held fewer round trips.
 */
export async function takeFreeUnitOnHold(
  tx: Tx,
  p: { unitTypeId: string; bookingId: string; takeAbove: number | null; audit?: Record<string, unknown>; also?: { ctes: Prisma.Sql[]; columns: Prisma.Sql[] } },
): Promise<{ free: number; unit: { id: string; number: string } | null; also: Record<string, unknown> }> {
  // The pick reads the unit free ('available'): the table's check needs no read.
  const move = nextState('unit', 'available', 'hold', { method: null });
  if (!move.ok) throw new LifecycleError('unit', 'hold', 'available');
  const now = new Date();
  const auditData = JSON.stringify({ before: { status: move.from }, after: { status: move.to, ...(p.audit ?? {}) }, note: null });
  // The caller's writes run inside the lifecycle's statement but are not the lifecycle's: they may not set a status.
  for (const cte of p.also?.ctes ?? []) checkStatusWrite(cte.sql);
  const rows = await asStatusWriter('lifecycle', () =>
    tx.$queryRaw<({ free: number; id: string | null; number: string | null } & Record<string, unknown>)[]>`
      WITH ${leading(p.also?.ctes)}free AS (SELECT count(*)::int AS n FROM units WHERE unit_type_id = ${p.unitTypeId} AND ${FREE_UNIT_SQL}),
      pick AS (
        SELECT id, number FROM units
        WHERE unit_type_id = ${p.unitTypeId} AND ${FREE_UNIT_SQL} AND (${p.takeAbove === null} OR (SELECT n FROM free) > ${p.takeAbove ?? 0})
        ORDER BY number LIMIT 1 FOR UPDATE SKIP LOCKED),
      taken AS (UPDATE bookings SET unit_id = pick.id FROM pick WHERE bookings.id = ${p.bookingId} RETURNING bookings.id),
      held AS (
        UPDATE units SET status = ${move.to}::"UnitStatus", current_booking_id = ${p.bookingId}, updated_at = ${now}
        FROM pick WHERE units.id = pick.id RETURNING units.id),
      audited AS (
        INSERT INTO audit_log (id, action, entity, entity_id, data, created_at)
        SELECT ${crypto.randomUUID()}, 'unit.hold', 'unit', held.id, ${auditData}::jsonb, ${now} FROM held RETURNING audit_log.id)
      SELECT ${leading(p.also?.columns)}(SELECT n FROM free) AS free, pick.id, pick.number
      FROM (SELECT 1) AS one LEFT JOIN pick ON true`,
  );
  const [{ free, id, number, ...also }] = rows;
  const unit = id && number ? { id, number } : null;
  // What the public pages show as free changed (safe inside the transaction: see lib/platform/cache/revalidate.ts).
  if (unit) revalidatePublicData('availability');
  return { free, unit, also };
}
