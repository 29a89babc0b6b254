import 'server-only';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import type { StaffUser } from '@/lib/auth/staff';
import { AWAITING_CHECK, LifecycleError, setBookingPaymentStatus, transition } from '@/lib/lifecycle';
import { settlePayment, type SettleResult } from '@/lib/payments/ledger/settle';
import { invoiceBalance } from '@/lib/invoices/balance';
import { openInvoicesOldestFirst } from './to-check';
import { sendPaymentReceived } from '@/lib/invoices/emails';
import { sendBookingUpdate } from '@/lib/billing/booking-update-email';
import { log } from '@/lib/log';
import { alertWhenNoUnit, announcePaidWithoutUnit } from '@/lib/billing/no-unit-alerts';
import { Refusal } from '@/lib/actions/refusal';
import { translator } from '@/lib/i18n/translator';

type Actor = Pick<StaffUser, 'id' | 'email'>;

/** A staff payment refused for a reason other than the lifecycle table (amounts). */
export class StaffPaymentError extends Refusal {
  constructor(readonly code: 'amount_invalid' | 'amount_too_large') {
    super(code);
  }
  say(locale: string): string {
    return translator(locale, 'lifecycle')(this.code === 'amount_too_large' ? 'errors.amountTooLarge' : 'errors.amountInvalid');
  }
}

/** After the transaction: the receipt (every recorded payment), and the confirmation when the first invoice confirmed the booking. */
export async function afterSettle(db: Db, settled: SettleResult) {
  if (settled.status !== 'settled') return;
  await sendPaymentReceived(db, settled.paymentId).catch((e) => log.error({ err: e, paymentId: settled.paymentId }, 'receipt email failed'));
  if (settled.confirmedBooking && settled.bookingId) await sendBookingUpdate(db, settled.bookingId, 'confirmed').catch((e) => log.error({ err: e }, 'confirmation email failed'));
  // A slip the bank's provider verified for a booking with no unit free: the customer waits for a unit or a refund.
  if (settled.noUnit) await announcePaidWithoutUnit(db, settled.paymentId);
}

/**
 * Staff checked a slip (or transaction) and found the money: its proofs verified, the payment paid through the
 * lifecycle's `verify` move, its invoice paid (or left open for the rest when `amountSatang` is less: a part payment),
 * a suspension lifted once nothing is overdue. A payment not awaiting a check is refused with nothing written.
 */
export async function verifyStaffPayment(db: Db, input: { paymentId: string; amountSatang?: number; note?: string }, actor: Actor, now = new Date()) {
  const settled = await alertWhenNoUnit(db, actor, () => db.$transaction(async (tx) => {
    const payment = await tx.payment.findUnique({ where: { id: input.paymentId } });
    if (!payment) throw new LifecycleError('payment', 'verify', null);
    if (!(AWAITING_CHECK as readonly string[]).includes(payment.status)) throw new LifecycleError('payment', 'verify', payment.status);
    if (input.amountSatang !== undefined && input.amountSatang !== payment.amountSatang) {
      if (!Number.isSafeInteger(input.amountSatang) || input.amountSatang <= 0) throw new StaffPaymentError('amount_invalid');
      if (input.amountSatang > payment.amountSatang) throw new StaffPaymentError('amount_too_large');
      await tx.payment.update({ where: { id: payment.id }, data: { amountSatang: input.amountSatang } });
    }
    await tx.paymentProof.updateMany({ where: { paymentId: payment.id, status: 'pending' }, data: { status: 'verified', reviewedBy: actor.email, reviewedAt: now, note: input.note || null } });
    return settlePayment(tx, payment.id, { now, actor, action: 'verify' });
  }));
  await afterSettle(db, settled);
  return settled;
}

/** The slip does not show the money: proofs rejected with the reason, the payment back to waiting, the customer told why. */
export async function rejectStaffPayment(db: Db, input: { paymentId: string; reason: string }, actor: Actor, now = new Date()) {
  const bookingId = await db.$transaction(async (tx) => {
    const moved = await transition(tx, 'payment', input.paymentId, 'reject', { actor, note: input.reason });
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: input.paymentId }, include: { invoice: { select: { kind: true } }, booking: { select: { status: true } } } });
    await tx.paymentProof.updateMany({ where: { paymentId: payment.id, status: 'pending' }, data: { status: 'rejected', reviewedBy: actor.email, reviewedAt: now, note: input.reason } });
    // The booking's own payment status mirrors its first invoice while it is reserved.
    if (payment.booking.status === 'reserved' && (!payment.invoice || payment.invoice.kind === 'initial')) {
      await setBookingPaymentStatus(tx, payment.bookingId, moved.to);
    }
    return payment.bookingId;
  });
  await sendBookingUpdate(db, bookingId, 'payment_rejected', { reason: input.reason, occurrence: `${input.paymentId}:${now.getTime()}` }).catch((e) => log.error({ err: e }, 'rejection email failed'));
}

/**
 * Money received at the counter (cash) or seen on the bank statement without a slip (transfer), against any open
 * invoice, in full or in part: at most what the invoice still asks for. The customer's own waiting cash row is used
 * when there is one, so the booking shows one payment.
 */
export async function recordCounterPayment(
  db: Db,
  input: { invoiceId: string; method: 'cash' | 'bank_transfer'; amountSatang: number; note?: string },
  actor: Actor,
  now = new Date(),
) {
  if (!Number.isSafeInteger(input.amountSatang) || input.amountSatang <= 0) throw new StaffPaymentError('amount_invalid');
  const settled = await alertWhenNoUnit(db, actor, () => db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM invoices WHERE id = ${input.invoiceId} FOR UPDATE`;
    const invoice = await tx.invoice.findUnique({ where: { id: input.invoiceId }, include: { payments: true, creditNotes: { select: { amountSatang: true } } } });
    if (!invoice) throw new LifecycleError('invoice', 'pay', null);
    if (invoice.status !== 'open') throw new LifecycleError('invoice', 'pay', invoice.status);
    const { dueSatang } = invoiceBalance(invoice);
    if (input.amountSatang > dueSatang) throw new StaffPaymentError('amount_too_large');
    const waiting = invoice.payments.find((p) => p.method === input.method && p.status === 'pending_arrival');
    const payment = waiting
      ? await tx.payment.update({ where: { id: waiting.id }, data: { amountSatang: input.amountSatang } })
      : await tx.payment.create({ data: { bookingId: invoice.bookingId, invoiceId: invoice.id, method: input.method, status: 'pending_arrival', amountSatang: input.amountSatang, provider: 'counter' } });
    const result = await settlePayment(tx, payment.id, { now, actor });
    if (result.invoicePaid) {
      // Paid in full: the customer's other unused attempts for this invoice are closed (a slip still waiting stays for staff).
      const stale = invoice.payments.filter((p) => p.id !== payment.id && ['pending', 'pending_payment', 'pending_arrival'].includes(p.status));
      for (const p of stale) await transition(tx, 'payment', p.id, 'cancel', { actor, note: 'invoice paid at the counter' });
    }
    return result;
  }));
  await afterSettle(db, settled);
  return settled;
}

/** How one counter payment is split: what each open invoice still asked for and the part it receives. */
export interface CounterAllocation {
  invoiceId: string;
  number: string;
  dueSatang: number;
  amountSatang: number;
}

/**
 * Splits `amountSatang` over invoices oldest first (docs/product-rules.md#counter-payments): each takes what it still
 * asks for until the money runs out, so only the last one reached can be paid in part. Pure; the invoices come in the
 * order they are paid (due date, then issue date).
 */
export function allocateOldestFirst(invoices: readonly { id: string; number: string; dueSatang: number }[], amountSatang: number): CounterAllocation[] {
  let left = amountSatang;
  const out: CounterAllocation[] = [];
  for (const i of invoices) {
    if (left <= 0) break;
    if (i.dueSatang <= 0) continue;
    const part = Math.min(left, i.dueSatang);
    out.push({ invoiceId: i.id, number: i.number, dueSatang: i.dueSatang, amountSatang: part });
    left -= part;
  }
  return out;
}

/**
 * One counter payment (cash, or a transfer seen on the statement) for several open invoices of one booking, applied
 * oldest first: each invoice gets a payment row of its own, settled by `settlePayment` as a single counter payment
 * would be (receipt, invoice paid or left open for the rest, access restored once nothing is overdue), all in one
 * transaction. More than the invoices still ask for together is refused (staff give change; nothing is kept as credit).
 */
export async function recordCounterPaymentAcross(
  db: Db,
  input: { bookingId: string; method: 'cash' | 'bank_transfer'; amountSatang: number; invoiceIds?: string[] },
  actor: Actor,
  now = new Date(),
) {
  if (!Number.isSafeInteger(input.amountSatang) || input.amountSatang <= 0) throw new StaffPaymentError('amount_invalid');
  const { results, allocations } = await alertWhenNoUnit(db, actor, () => db.$transaction(async (tx) => {
    // The booking's invoices are locked in one order (the booking row first), as settlePayment locks them.
    await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${input.bookingId} FOR UPDATE`;
    await tx.$queryRaw`SELECT id FROM invoices WHERE booking_id = ${input.bookingId} AND status = 'open' ORDER BY id FOR UPDATE`;
    let open = await openInvoicesOldestFirst(tx, input.bookingId);
    if (input.invoiceIds?.length) open = open.filter((i) => input.invoiceIds!.includes(i.id));
    if (!open.length) throw new LifecycleError('invoice', 'pay', null);
    const totalDue = open.reduce((s, i) => s + i.dueSatang, 0);
    if (input.amountSatang > totalDue) throw new StaffPaymentError('amount_too_large');
    const allocations = allocateOldestFirst(open, input.amountSatang);
    const results: SettleResult[] = [];
    for (const a of allocations) {
      const invoice = open.find((i) => i.id === a.invoiceId)!;
      const waiting = invoice.payments.find((p) => p.method === input.method && p.status === 'pending_arrival');
      const payment = waiting
        ? await tx.payment.update({ where: { id: waiting.id }, data: { amountSatang: a.amountSatang } })
        : await tx.payment.create({ data: { bookingId: input.bookingId, invoiceId: invoice.id, method: input.method, status: 'pending_arrival', amountSatang: a.amountSatang, provider: 'counter' } });
      const result = await settlePayment(tx, payment.id, { now, actor });
      if (result.invoicePaid) {
        const stale = invoice.payments.filter((p) => p.id !== payment.id && ['pending', 'pending_payment', 'pending_arrival'].includes(p.status));
        for (const p of stale) await transition(tx, 'payment', p.id, 'cancel', { actor, note: 'invoice paid at the counter' });
      }
      results.push(result);
    }
    return { results, allocations };
  }));
  for (const r of results) await afterSettle(db, r);
  return { allocations, results, accessRestored: results.some((r) => r.accessRestored) };
}
