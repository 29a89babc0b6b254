import 'server-only';
import { recordGateChange } from '@/lib/gate/changes';
import { issueGatePinIfReady } from '@/lib/gate/pin';
import type { Prisma } from '@/generated/prisma/client';
import { recordAudit } from '@/lib/audit';
import type { StaffUser } from '@/lib/auth/staff';
import { blocksAccess } from './arrears';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { log } from '@/lib/log';
import { setBookingPaymentStatus, transition, transitionEach } from '@/lib/lifecycle';
import { revalidatePublicData } from '@/lib/platform/cache/revalidate';
import { invoiceBalance } from '@/lib/invoices/balance';
import { applyPrepayment } from './prepayment';
import { NoUnitFree, unitForPayment } from '@/lib/booking/unit-on-payment';

type Tx = Prisma.TransactionClient;
type Actor = Pick<StaffUser, 'id' | 'email'> | null;

export interface SettleResult {
  status: 'settled' | 'already_paid' | 'not_found';
  paymentId: string;
  invoiceId: string | null;
  bookingId: string | null;
  /** the booking's first invoice was paid while it was still reserved: it is confirmed now */
  confirmedBooking: boolean;
  /** gate access was suspended for arrears and nothing is overdue any more */
  accessRestored: boolean;
  /** the invoice is fully paid by this payment (false for a part payment) */
  invoicePaid: boolean;
  /**
   * the booking was made without a unit (only the type's reserve was free) and none was free when the money came:
   * it stays reserved, and the money goes back (docs/product-rules.md#holds)
   */
  noUnit?: boolean;
}

/**
 * Marks a payment paid and follows it through, in the caller's transaction: its invoice paid, a reserved booking
 * confirmed by its first invoice, and a suspension for arrears lifted once nothing is overdue. Idempotent: a payment
 * already paid changes nothing (webhook replays, a staff click and a webhook racing). Staff verifying a bank-transfer,
 * crypto or PromptPay slip call this too.
 */
export async function settlePayment(
  tx: Tx,
  paymentId: string,
  opts: { now: Date; actor?: Actor; providerPaymentId?: string | null; providerSessionId?: string | null; action?: 'settle' | 'verify' },
): Promise<SettleResult> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM payments WHERE id = ${paymentId} FOR UPDATE`;
  const base = { paymentId, invoiceId: null, bookingId: null, confirmedBooking: false, accessRestored: false, invoicePaid: false };
  if (!locked.length) return { status: 'not_found', ...base };
  const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
  if (payment.status === 'paid' || payment.status === 'refunded') {
    return { status: 'already_paid', ...base, invoiceId: payment.invoiceId, bookingId: payment.bookingId };
  }
  await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${payment.bookingId} FOR UPDATE`;
  const actor = opts.actor ?? null;
  // Through the lifecycle table (docs/product-rules.md#lifecycle): staff verification is its own move.
  await transition(tx, 'payment', payment.id, opts.action ?? 'settle', {
    actor,
    data: {
      paidAt: opts.now,
      failureMessage: null,
      ...(opts.providerPaymentId ? { providerPaymentId: opts.providerPaymentId } : {}),
      ...(opts.providerSessionId ? { providerSessionId: opts.providerSessionId } : {}),
    },
    audit: { amountSatang: payment.amountSatang, method: payment.method },
  });

  const booking = await tx.booking.findUniqueOrThrow({ where: { id: payment.bookingId } });
  let confirmedBooking = false;
  let invoicePaid = false;
  const invoice = payment.invoiceId
    ? await tx.invoice.findUnique({ where: { id: payment.invoiceId }, include: { payments: { select: { status: true, amountSatang: true, refundedSatang: true } }, creditNotes: { select: { amountSatang: true } } } })
    : null;
  if (invoice) {
    if (invoice.status === 'open') {
      // Part payments leave the invoice open for what is still due.
      const { dueSatang, paidSatang } = invoiceBalance(invoice);
      if (dueSatang === 0) {
        await transition(tx, 'invoice', invoice.id, 'pay', { actor, data: { paidAt: opts.now }, audit: { paymentId: payment.id, paidSatang } });
        invoicePaid = true;
        // Months paid ahead: the renewals skip them from now on.
        if (invoice.kind === 'prepay') await applyPrepayment(tx, invoice);
      } else {
        await transition(tx, 'invoice', invoice.id, 'payPart', { actor, audit: { paymentId: payment.id, paidSatang, dueSatang } });
      }
    } else {
      // Two methods paid the same invoice (or it was voided): the money is recorded; staff refund the extra.
      log.warn({ invoice: invoice.number, status: invoice.status }, 'payment received for an invoice that is not open');
      await recordAudit(tx, { actor, action: 'invoice.extra_payment', entity: 'invoice', entityId: invoice.id, after: { paymentId: payment.id, invoiceStatus: invoice.status }, note: 'needs staff attention: refund or credit' });
    }
  }
  if (actor && invoice?.kind === 'initial' && !invoicePaid && invoice.status === 'open' && booking.status === 'reserved' && !booking.unitId) {
    // A part of the first invoice taken by a staff member for a booking on the reserve: staff do not take money for a
    // unit they cannot give, so it takes a free unit of the type now (held until the rest is paid) or is refused with
    // nothing written (docs/product-rules.md#inventory, "Staff cannot confirm without a unit").
    if ((await unitForPayment(tx, booking)) === 'none') throw new NoUnitFree(booking.id, booking.reference);
  } else if (!invoice || (invoice.kind === 'initial' && (invoicePaid || invoice.status !== 'open'))) {
    const placed = booking.status === 'reserved' ? await unitForPayment(tx, booking) : 'had_unit';
    if (placed === 'none') {
      // A staff member at the counter can still say no: the money is not taken for a booking with no unit (the whole
      // transaction rolls back). Money that arrived by itself (Stripe, a slip the bank's provider verified) is kept
      // on record and goes back or gets a unit (docs/product-rules.md#inventory).
      if (actor) throw new NoUnitFree(booking.id, booking.reference);
      await setBookingPaymentStatus(tx, booking.id, 'paid');
      return { status: 'settled', paymentId, invoiceId: payment.invoiceId, bookingId: booking.id, confirmedBooking: false, accessRestored: false, invoicePaid, noUnit: true };
    }
    if (booking.status === 'reserved') {
      await transition(tx, 'booking', booking.id, 'confirm', { actor, data: { paymentStatus: 'paid', confirmedAt: opts.now, holdExpiresAt: null } });
      confirmedBooking = true;
      // Paid after the identity was verified: the gate PIN is issued now (docs/product-rules.md#identity-and-gate-access).
      await issueGatePinIfReady(tx, booking.id, opts.now);
    } else if (booking.paymentStatus !== 'paid') {
      // Paid after the hold lapsed: staff see a paid booking that is not confirmed and refund or re-assign it.
      await setBookingPaymentStatus(tx, booking.id, 'paid');
      log.warn({ booking: booking.reference, status: booking.status }, 'booking paid while not reserved; needs staff attention');
      await recordAudit(tx, { actor, action: 'booking.paid_late', entity: 'booking', entityId: booking.id, after: { status: booking.status }, note: 'needs staff attention' });
    }
  }
  const accessRestored = await clearArrearsIfPaid(tx, booking.id, opts.now, actor);
  // A confirmed booking keeps its unit off sale for good (and counts toward "only N left"): every server re-reads.
  if (confirmedBooking) revalidatePublicData('availability');
  return { status: 'settled', paymentId, invoiceId: payment.invoiceId, bookingId: booking.id, confirmedBooking, accessRestored, invoicePaid };
}

/**
 * Paying clears the suspension (docs/product-rules.md#invoices-billing-and-delinquency): once no open invoice of the
 * booking is past its due date and no fee charged is open (docs/product-rules.md#the-rentals-state-and-what-restores-access), access is restored and the overlock is to be removed. A default is not undone here:
 * staff decide what happens to a rental in default.
 */
export async function clearArrearsIfPaid(tx: Tx, bookingId: string, now: Date, actor: Actor = null): Promise<boolean> {
  const booking = await tx.booking.findUniqueOrThrow({ where: { id: bookingId } });
  if (booking.delinquency === 'current' || booking.delinquency === 'defaulted') return false;
  // The same rule the portal states as the amount to restore access: overdue invoices and fees charged (./arrears.ts).
  const open = await tx.invoice.findMany({ where: { bookingId, status: 'open', dueAt: { not: null } }, select: { status: true, kind: true, dueAt: true } });
  if (open.some((i) => blocksAccess(i, todayInBangkok(now)))) return false;
  await transition(tx, 'delinquency', bookingId, 'restore', {
    actor,
    data: { accessSuspendedAt: null, overlockedAt: null },
    audit: { accessSuspendedAt: booking.accessSuspendedAt, overlockedAt: booking.overlockedAt },
    note: booking.overlockedAt ? 'arrears paid: remove the overlock' : 'arrears paid',
  });
  await recordGateChange(tx, bookingId, 'restore');
  return true;
}

/** A declined or abandoned attempt; never undoes a payment that already succeeded (events can arrive out of order). */
export async function failPayment(tx: Tx, paymentId: string, opts: { status: 'failed' | 'expired' | 'cancelled'; message?: string | null }): Promise<boolean> {
  const action = opts.status === 'failed' ? 'fail' : opts.status === 'expired' ? 'expire' : 'cancel';
  const current = await tx.payment.findUnique({ where: { id: paymentId }, select: { status: true } });
  // Only a payment still under way: a closed one (paid, refunded, or already failed) is left as it is.
  if (!current || ['paid', 'refunded', 'failed', 'expired', 'cancelled'].includes(current.status)) return false;
  const moved = await transitionEach(tx, 'payment', [paymentId], action, { data: { failureMessage: opts.message?.slice(0, 500) ?? null }, audit: { message: opts.message ?? null } });
  return moved.length > 0;
}
