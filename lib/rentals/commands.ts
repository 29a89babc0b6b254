import 'server-only';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import type { BookingStatus, PaymentMethod, PaymentStatus } from '@/generated/prisma/enums';
import { recordAudit } from '@/lib/audit';
import type { StaffUser } from '@/lib/auth/staff';
import { createStripeRefund } from '@/lib/payments/stripe/refunds';
import { sendEmail } from '@/lib/platform/mail/send';
import { queueEmail } from '@/lib/platform/mail/outbox';
import { deliverQueued } from '@/lib/jobs/email-outbox';
import { revalidatePublicData } from '@/lib/platform/cache/revalidate';
import { creditInvoice } from '@/lib/billing/staff-documents';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { log } from '@/lib/log';
import { sendBookingUpdate } from '@/lib/billing/booking-update-email';
import { releaseReservation } from '@/lib/booking/holds';
import { AWAITING_CHECK, setBookingPaymentStatus, transition, transitionEach } from '@/lib/lifecycle';
import { settlePayment } from '@/lib/payments/ledger/settle';
import { issueCreditNote } from '@/lib/invoices/credit-notes';
import { sendPaymentReceived } from '@/lib/invoices/emails';
import { issueGatePinIfReady, revokeGatePin } from '@/lib/gate/pin';
import { FREE_UNIT_SQL } from '@/lib/units/free';
import { paidSoFar } from '@/lib/payments/paid-so-far';
import { RentalFailure } from './failure';
import { BOOKING_ACTION_RULES, depositOf, moveInExceptions, type BookingActionName, type BookingState } from './rules';
import { NoUnitFree, unitForPayment } from '@/lib/booking/unit-on-payment';
import { alertWhenNoUnit } from '@/lib/billing/no-unit-alerts';

type Tx = Prisma.TransactionClient;
type Actor = Pick<StaffUser, 'id' | 'email'>;

async function lockBooking(tx: Tx, bookingId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
  if (!rows[0]) throw new RentalFailure('not_found');
  return tx.booking.findUniqueOrThrow({
    where: { id: bookingId },
    include: { payments: { orderBy: { createdAt: 'asc' } }, invoices: { orderBy: { issuedAt: 'asc' } }, refunds: true, heldUnit: true },
  });
}

type LockedBooking = Awaited<ReturnType<typeof lockBooking>>;

function assertAllowed(name: BookingActionName, b: BookingState) {
  if (!BOOKING_ACTION_RULES[name](b)) throw new RentalFailure('not_allowed');
}

const stateOf = (b: { status: string; paymentStatus: string; unitId?: string | null }) => ({ status: b.status, paymentStatus: b.paymentStatus, unitId: b.unitId ?? null });

/**
 * Staff checked the transfer or the transaction: proofs verified, payment and invoice paid, booking confirmed. The
 * statuses move through the lifecycle (settlePayment, docs/product-rules.md#lifecycle); later invoices are verified
 * from the payments queue (lib/payments/staff-payments.ts).
 */
export async function verifyPayment(db: Db, input: { bookingId: string; note?: string }, actor: Actor, now = new Date()) {
  const paymentId = await alertWhenNoUnit(db, actor, () => db.$transaction(async (tx) => {
    const b = await lockBooking(tx, input.bookingId);
    assertAllowed('verifyPayment', b);
    await tx.paymentProof.updateMany({ where: { bookingId: b.id, status: 'pending' }, data: { status: 'verified', reviewedBy: actor.email, reviewedAt: now, note: input.note || null } });
    const payment = [...b.payments].reverse().find((p) => (AWAITING_CHECK as readonly string[]).includes(p.status));
    if (payment) await settlePayment(tx, payment.id, { now, actor, action: 'verify' });
    const mid = await tx.booking.findUniqueOrThrow({ where: { id: b.id } });
    if (mid.status === 'reserved') await confirmWithUnit(tx, mid, actor, now);
    else if (mid.paymentStatus !== 'paid') await setBookingPaymentStatus(tx, b.id, 'paid');
    const after = await tx.booking.findUniqueOrThrow({ where: { id: b.id } });
    await recordAudit(tx, { actor, action: 'booking.verifyPayment', entity: 'booking', entityId: b.id, before: stateOf(b), after: stateOf(after), note: input.note });
    return payment?.id ?? null;
  }));
  if (paymentId) await sendPaymentReceived(db, paymentId).catch((e) => log.error({ err: e }, 'receipt email failed'));
  await sendBookingUpdate(db, input.bookingId, 'confirmed');
}

/** The slip does not show the money: proofs rejected with the reason, the customer asked to pay or upload again. */
export async function rejectPayment(db: Db, input: { bookingId: string; reason: string }, actor: Actor, now = new Date()) {
  await db.$transaction(async (tx) => {
    const b = await lockBooking(tx, input.bookingId);
    assertAllowed('rejectPayment', b);
    await tx.paymentProof.updateMany({ where: { bookingId: b.id, status: 'pending' }, data: { status: 'rejected', reviewedBy: actor.email, reviewedAt: now, note: input.reason } });
    // Back to "waiting for the customer": bank transfers wait for a transfer, crypto for a payment (the lifecycle's reject).
    const next: PaymentStatus = b.paymentMethod === 'bank_transfer' ? 'pending_bank_transfer' : 'pending_payment';
    for (const p of b.payments.filter((x) => (AWAITING_CHECK as readonly string[]).includes(x.status))) {
      await transition(tx, 'payment', p.id, 'reject', { actor, note: input.reason });
    }
    await setBookingPaymentStatus(tx, b.id, next);
    const after = await tx.booking.findUniqueOrThrow({ where: { id: b.id } });
    await recordAudit(tx, { actor, action: 'booking.rejectPayment', entity: 'booking', entityId: b.id, before: stateOf(b), after: stateOf(after), note: input.reason });
  });
  await sendBookingUpdate(db, input.bookingId, 'payment_rejected', { reason: input.reason, occurrence: String(now.getTime()) });
}

/**
 * Cash received at the counter for a reserved booking, in full (the open invoice's total): payment recorded, booking
 * confirmed. Part payments and every later invoice are recorded on the invoice (recordCounterPayment).
 */
export async function recordCashPayment(db: Db, input: { bookingId: string; amountSatang: number }, actor: Actor, now = new Date()) {
  const paymentId = await alertWhenNoUnit(db, actor, () => db.$transaction(async (tx) => {
    const b = await lockBooking(tx, input.bookingId);
    assertAllowed('recordCash', b);
    const invoice = [...b.invoices].reverse().find((i) => i.status === 'open');
    const due = invoice?.totalSatang ?? b.totalDueToday;
    if (input.amountSatang !== due) throw new RentalFailure('amount_mismatch');
    const pending = b.payments.filter((p) => p.status !== 'paid' && p.status !== 'refunded' && p.status !== 'cancelled');
    const cashRow = pending.find((p) => p.method === 'cash');
    const payment = cashRow
      ? await tx.payment.update({ where: { id: cashRow.id }, data: { amountSatang: input.amountSatang, invoiceId: cashRow.invoiceId ?? invoice?.id ?? null } })
      : await tx.payment.create({ data: { bookingId: b.id, invoiceId: invoice?.id ?? null, method: 'cash', status: 'pending_arrival', amountSatang: input.amountSatang, provider: 'counter' } });
    await settlePayment(tx, payment.id, { now, actor });
    for (const p of pending.filter((x) => x.id !== payment.id)) {
      if (p.status !== 'failed' && p.status !== 'expired') await transition(tx, 'payment', p.id, 'cancel', { actor, note: 'paid in cash' });
    }
    const mid = await tx.booking.findUniqueOrThrow({ where: { id: b.id } });
    if (mid.status === 'reserved') await confirmWithUnit(tx, mid, actor, now);
    const after = await tx.booking.findUniqueOrThrow({ where: { id: b.id } });
    await recordAudit(tx, { actor, action: 'booking.recordCash', entity: 'booking', entityId: b.id, before: stateOf(b), after: { ...stateOf(after), amountSatang: input.amountSatang } });
    return payment.id;
  }));
  await sendPaymentReceived(db, paymentId).catch((e) => log.error({ err: e }, 'receipt email failed'));
  await sendBookingUpdate(db, input.bookingId, 'confirmed');
}

/**
 * Confirms a reserved booking staff were paid for, never without a unit: one made when only its type's reserve was
 * free takes a free unit now, and with none free the move is refused and nothing is written (NoUnitFree;
 * docs/product-rules.md#inventory).
 */
async function confirmWithUnit(tx: Tx, b: { id: string; reference: string; unitId: string | null; unitTypeId: string }, actor: Actor, now: Date) {
  if ((await unitForPayment(tx, b)) === 'none') throw new NoUnitFree(b.id, b.reference);
  await transition(tx, 'booking', b.id, 'confirm', { actor, data: { paymentStatus: 'paid', confirmedAt: now, holdExpiresAt: null } });
}

/** Takes a free unit of the type for the booking (the one it held first, when still free). */
async function claimUnit(tx: Tx, b: LockedBooking, actor: Actor): Promise<string> {
  const free = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM units
    WHERE unit_type_id = ${b.unitTypeId} AND ${FREE_UNIT_SQL}
    ORDER BY (id = ${b.unitId ?? ''}) DESC, number LIMIT 1 FOR UPDATE SKIP LOCKED`;
  if (!free[0]) throw new RentalFailure('no_unit_free');
  await transition(tx, 'unit', free[0].id, 'hold', { actor, data: { currentBookingId: b.id }, audit: { booking: b.reference } });
  return free[0].id;
}

/** A paid booking that is not confirmed (paid after its hold lapsed, for example) is confirmed, with a unit. */
export async function confirmBooking(db: Db, input: { bookingId: string }, actor: Actor, now = new Date()) {
  await alertWhenNoUnit(db, actor, () => db.$transaction(async (tx) => {
    const b = await lockBooking(tx, input.bookingId);
    assertAllowed('confirm', b);
    const unitId = b.heldUnit ? b.heldUnit.id : await claimUnit(tx, b, actor).catch((e: unknown) => {
      // Paid but no unit of its type free: the same refusal (and alert) as a payment staff cannot take.
      throw e instanceof RentalFailure && e.code === 'no_unit_free' ? new NoUnitFree(b.id, b.reference) : e;
    });
    await transition(tx, 'booking', b.id, 'confirm', { actor, data: { unitId, confirmedAt: now, holdExpiresAt: null, cancelledAt: null }, audit: { paymentStatus: b.paymentStatus, unitId } });
    await issueGatePinIfReady(tx, b.id, now);
  }));
  revalidatePublicData('availability');
  await sendBookingUpdate(db, input.bookingId, 'confirmed');
}

/** Locks a unit that must be free, or the booking's own; answers its row. */
async function lockTargetUnit(tx: Tx, b: LockedBooking, unitId: string) {
  const rows = await tx.$queryRaw<{ id: string; unit_type_id: string; status: string; current_booking_id: string | null }[]>`
    SELECT id, unit_type_id, status::text AS status, current_booking_id FROM units WHERE id = ${unitId} FOR UPDATE`;
  const unit = rows[0];
  const own = unit?.current_booking_id === b.id;
  // Same type only: another type would change the price the customer agreed to.
  if (!unit || unit.unit_type_id !== b.unitTypeId || (!own && (unit.status !== 'available' || unit.current_booking_id))) {
    throw new RentalFailure('unit_unavailable');
  }
  return { id: unit.id, own };
}

/**
 * The customer arrives: the physical unit assigned (occupied), the rental active. The gate PIN is the site's, issued
 * when the rental is paid and the identity verified (lib/gate/pin.ts), not typed here.
 */
export async function moveIn(db: Db, input: { bookingId: string; unitId: string; reason?: string }, actor: Actor, now = new Date()) {
  await db.$transaction(async (tx) => {
    const b = await lockBooking(tx, input.bookingId);
    assertAllowed('moveIn', b);
    const exceptions = moveInExceptions(b, now);
    const reason = input.reason?.trim() || null;
    if (exceptions.length && (!reason || reason.length < 3)) throw new RentalFailure('move_in_reason_required');
    const target = await lockTargetUnit(tx, b, input.unitId);
    if (!target.own && b.heldUnit) await transition(tx, 'unit', b.heldUnit.id, 'release', { actor, offerToWaitingList: { at: now }, note: `booking ${b.reference} moved in to another unit` });
    await transition(tx, 'unit', target.id, 'occupy', { actor, data: { currentBookingId: b.id }, audit: { booking: b.reference } });
    await transition(tx, 'booking', b.id, 'moveIn', {
      actor,
      data: { unitId: target.id, movedInAt: now },
      audit: { unitId: target.id, ...(exceptions.length ? { exceptions, startDate: b.startDate.toISOString().slice(0, 10) } : {}), ...(reason ? { reason } : {}) },
      ...(reason ? { note: reason } : {}),
    });
  });
}

/** Moves the booking to another free unit of the same type; an active rental keeps its gate PIN. */
export async function changeUnit(db: Db, input: { bookingId: string; unitId: string }, actor: Actor, now = new Date()) {
  await db.$transaction(async (tx) => {
    const b = await lockBooking(tx, input.bookingId);
    assertAllowed('changeUnit', b);
    const target = await lockTargetUnit(tx, b, input.unitId);
    if (target.own) throw new RentalFailure('unit_unavailable');
    if (b.heldUnit) await transition(tx, 'unit', b.heldUnit.id, 'release', { actor, offerToWaitingList: { at: now }, note: `booking ${b.reference} moved to another unit` });
    await transition(tx, 'unit', target.id, b.status === 'active' ? 'occupy' : 'hold', { actor, data: { currentBookingId: b.id, gateCode: b.heldUnit?.gateCode ?? null }, audit: { booking: b.reference } });
    const after = await tx.booking.update({ where: { id: b.id }, data: { unitId: target.id } });
    await recordAudit(tx, { actor, action: 'booking.changeUnit', entity: 'booking', entityId: b.id, before: { unitId: b.heldUnit?.id ?? b.unitId }, after: { unitId: after.unitId } });
  });
}

/** What was paid and not yet refunded, and the Stripe payment it can go back through (if any). */
function refundable(b: LockedBooking) {
  const paid = b.payments.filter((p) => p.status === 'paid' || p.status === 'refunded');
  const stripePayment = paid.find((p) => p.provider === 'stripe' && p.providerPaymentId);
  return { available: paidSoFar(b).refundableSatang, stripePayment };
}

/** Pays money back: through Stripe when the payment was made there, else recorded as handed back by staff. */
async function payBack(
  stripe: Stripe | null,
  b: LockedBooking,
  amountSatang: number,
  key: string,
  kind?: 'deposit',
): Promise<{ provider: 'stripe' | 'manual'; providerRefundId: string | null; status: string; paymentId: string | null }> {
  const { stripePayment } = refundable(b);
  if (!stripePayment) return { provider: 'manual', providerRefundId: null, status: 'succeeded', paymentId: b.payments.find((p) => p.status === 'paid')?.id ?? null };
  if (!stripe) throw new RentalFailure('card_unavailable');
  try {
    const r = await createStripeRefund(stripe, { paymentIntentId: stripePayment.providerPaymentId!, amountSatang, idempotencyKey: key, bookingId: b.id, reference: b.reference, kind });
    return { provider: 'stripe', providerRefundId: r.id, status: r.status, paymentId: stripePayment.id };
  } catch (error) {
    log.error({ err: error, bookingId: b.id }, 'refund through Stripe failed');
    throw new RentalFailure('refund_failed');
  }
}

async function readForRefund(db: Db, bookingId: string) {
  return db.$transaction((tx) => lockBooking(tx, bookingId));
}

/**
 * Cancels a booking before move-in: unit released, open invoices void, unpaid payments cancelled, the promo use given
 * back, and `refundSatang` paid back (through Stripe for card and PromptPay). The Stripe call happens before the
 * transaction with a key tied to this decision, so a retry after a failed write never refunds twice.
 */
export async function cancelBooking(
  db: Db,
  input: { bookingId: string; refundSatang: number; reason: string },
  actor: Actor,
  stripe: Stripe | null,
  now = new Date(),
) {
  const before = await readForRefund(db, input.bookingId);
  assertAllowed('cancel', before);
  if (input.refundSatang > refundable(before).available) throw new RentalFailure('refund_too_large');
  const refund = input.refundSatang > 0 ? await payBack(stripe, before, input.refundSatang, `cancel:${before.id}:${input.refundSatang}`) : null;

  await db.$transaction(async (tx) => {
    const b = await lockBooking(tx, input.bookingId);
    assertAllowed('cancel', b);
    const fullyRefunded = refund !== null && input.refundSatang >= refundable(b).available;
    const paymentStatus = fullyRefunded ? 'refunded' : b.paymentStatus === 'paid' ? 'paid' : 'cancelled';
    await transition(tx, 'booking', b.id, 'cancel', {
      actor,
      data: { paymentStatus, cancelledAt: now, holdExpiresAt: null },
      audit: { paymentStatus, unitId: null, refundSatang: input.refundSatang, refundProvider: refund?.provider ?? null },
      note: input.reason,
    });
    await transitionEach(tx, 'payment', b.payments.map((p) => p.id), 'cancel', { actor, note: 'booking cancelled' });
    if (fullyRefunded) await transitionEach(tx, 'payment', b.payments.map((p) => p.id), 'refund', { actor, note: input.reason });
    await transitionEach(tx, 'invoice', b.invoices.map((i) => i.id), 'void', { actor, note: 'booking cancelled' });
    const units = await tx.unit.findMany({ where: { currentBookingId: b.id }, select: { id: true } });
    await transitionEach(tx, 'unit', units.map((u) => u.id), 'release', { actor, offerToWaitingList: { at: now }, note: 'booking cancelled' });
    await revokeGatePin(tx, b.id);
    if (b.promoCodeId) await tx.$executeRaw`UPDATE promo_codes SET current_uses = current_uses - 1 WHERE id = ${b.promoCodeId} AND current_uses > 0`;
    if (refund) {
      const row = await tx.refund.create({ data: { bookingId: b.id, paymentId: refund.paymentId, amountSatang: input.refundSatang, provider: refund.provider, providerRefundId: refund.providerRefundId, status: refund.status, reason: input.reason, createdById: actor.id } });
      await creditManualRefund(tx, b, row, refund, now, false);
    }
  });

  await sendBookingUpdate(db, input.bookingId, 'cancelled', { refundSatang: input.refundSatang });
}

/** How staff settle a rental at its end (docs/product-rules.md#ending-a-rental). */
export interface EndRentalInput {
  bookingId: string;
  /** kept from the deposit (cleaning, lost lock … per the agreement) */
  feesSatang: number;
  feesNote: string;
  /** condition photos the deduction points at (docs/product-rules.md#condition-photos) */
  photoIds?: string[];
  /** invoices still open: credited in full (a credit note each) or kept due */
  openInvoices?: 'credit' | 'keep';
  /** the unit straight back on sale, or to cleaning first (maintenance; back in service from the units page) */
  unitAfter?: 'available' | 'maintenance';
}

/**
 * Ends an active rental in one step: open invoices credited or kept due as staff choose, the deposit paid back less
 * the fees staff keep (through Stripe when it was paid there; a credit note without VAT either way), the unit freed
 * (PIN cleared) or sent to cleaning, and a freed unit offered to the first person waiting for its type.
 */
export async function endRental(db: Db, input: EndRentalInput, actor: Actor, stripe: Stripe | null, now = new Date()) {
  const before = await readForRefund(db, input.bookingId);
  assertAllowed('endRental', before);
  const deposit = depositOf(before);
  const refundSatang = Math.min(Math.max(0, deposit - input.feesSatang), refundable(before).available);
  const refund = refundSatang > 0 ? await payBack(stripe, before, refundSatang, `deposit:${before.id}:${refundSatang}`, 'deposit') : null;

  const credited = await db.$transaction(async (tx) => {
    const b = await lockBooking(tx, input.bookingId);
    assertAllowed('endRental', b);
    const credited: string[] = [];
    // The condition photos a deduction points at (docs/product-rules.md#condition-photos): this rental's only.
    const photoIds = input.photoIds?.length ? (await tx.conditionPhoto.findMany({ where: { id: { in: input.photoIds }, bookingId: b.id }, select: { id: true } })).map((p) => p.id) : [];
    if (input.openInvoices === 'credit') {
      for (const invoice of b.invoices.filter((i) => i.status === 'open')) {
        const r = await creditInvoice(tx, { invoiceId: invoice.id, reason: `rental ended ${todayInBangkok(now)}: waived` }, actor, now);
        credited.push(r.note.number);
      }
    }
    // One audit row for the whole settlement: the move and what staff chose.
    await transition(tx, 'booking', b.id, 'end', {
      actor,
      data: { endedAt: now },
      audit: { depositSatang: deposit, feesSatang: input.feesSatang, refundSatang, openInvoices: input.openInvoices ?? 'keep', creditNotes: credited, unitAfter: input.unitAfter ?? 'available', photoIds },
      note: input.feesNote || undefined,
    });
    const units = await tx.unit.findMany({ where: { currentBookingId: b.id }, select: { id: true } });
    const unitAction = input.unitAfter === 'maintenance' ? 'service' : 'release';
    // To cleaning, the unit leaves the booking too: nobody's, no PIN.
    await transitionEach(tx, 'unit', units.map((u) => u.id), unitAction, { actor, offerToWaitingList: { at: now }, data: unitAction === 'service' ? { currentBookingId: null, gateCode: null } : {}, note: `rental ${b.reference} ended` });
    await revokeGatePin(tx, b.id);
    if (refund) {
      const row = await tx.refund.create({ data: { bookingId: b.id, paymentId: refund.paymentId, amountSatang: refundSatang, provider: refund.provider, providerRefundId: refund.providerRefundId, status: refund.status, reason: `deposit${input.feesNote ? `: ${input.feesNote}` : ''}`, photoIds, createdById: actor.id } });
      await creditManualRefund(tx, b, row, refund, now, true);
    }
    return credited;
  });

  await sendBookingUpdate(db, input.bookingId, 'ended', { refundSatang });
  return { depositSatang: deposit, refundSatang, creditNotes: credited };
}

/**
 * Every refund has a credit note (docs/product-rules.md#lifecycle). Stripe refunds get theirs from the refund webhook
 * (one per refund id); a manual one gets it here, against the invoice of the payment paid back (the first invoice when
 * unknown). A deposit refund credits no VAT.
 */
async function creditManualRefund(tx: Tx, b: LockedBooking, row: { id: string; amountSatang: number; reason: string }, refund: { provider: string; paymentId: string | null }, now: Date, deposit: boolean) {
  if (refund.provider !== 'manual') return;
  const payment = b.payments.find((p) => p.id === refund.paymentId);
  const invoiceId = payment?.invoiceId ?? b.invoices.find((i) => i.kind === 'initial')?.id ?? null;
  if (!invoiceId) return;
  await issueCreditNote(tx, { invoiceId, paymentId: refund.paymentId, amountSatang: row.amountSatang, reason: row.reason, dedupeKey: `refund:manual:${row.id}`, issuedAt: now, ...(deposit ? { vatSatang: 0 } : {}) });
}

/** Sends one of the booking's emails again, as a new outbox message with the same content. */
export async function resendEmail(db: Db, input: { bookingId: string; emailId: string }, actor: Actor, now = new Date()) {
  const email = await db.emailMessage.findFirst({ where: { id: input.emailId, bookingId: input.bookingId } });
  if (!email) throw new RentalFailure('email_not_found');
  // The PIN email keeps no text once sent (lib/platform/mail/outbox.ts): it is composed again from the rental's current PIN.
  const sent = email.template === 'gate_pin' ? await resendComposed(db, email, now) : await sendEmail(db, {
    dedupeKey: `resend:${email.id}:${now.getTime()}`,
    template: email.template,
    locale: email.locale,
    to: email.toAddress,
    subject: email.subject,
    html: email.html,
    text: email.text,
    bookingId: input.bookingId,
  });
  await db.$transaction((tx) => recordAudit(tx, { actor, action: 'booking.resendEmail', entity: 'booking', entityId: input.bookingId, after: { emailId: email.id, template: email.template, outcome: sent.status } }));
  return sent;
}

async function resendComposed(db: Db, email: { id: string; template: string; locale: string; toAddress: string; bookingId: string | null }, now: Date) {
  const dedupeKey = `resend:${email.id}:${now.getTime()}`;
  await db.$transaction((tx) => queueEmail(tx, { dedupeKey, template: email.template, locale: email.locale, to: email.toAddress, bookingId: email.bookingId }));
  return (await deliverQueued(db, dedupeKey)) ?? { id: null, status: 'suppressed' as const };
}

export async function addNote(db: Db, input: { bookingId: string; text: string }, actor: Actor) {
  await db.$transaction(async (tx) => {
    const exists = await tx.booking.findUnique({ where: { id: input.bookingId }, select: { id: true } });
    if (!exists) throw new RentalFailure('not_found');
    const note = await tx.bookingNote.create({ data: { bookingId: input.bookingId, authorId: actor.id, authorEmail: actor.email, text: input.text } });
    await recordAudit(tx, { actor, action: 'booking.addNote', entity: 'booking', entityId: input.bookingId, after: { noteId: note.id, text: input.text } });
  });
}

/**
 * Releases an unpaid hold at once (a customer who will not come, a hold that looks abusive): the same release as a
 * lapsed hold, audited with the staff member and the reason, the customer told, the unit offered to the waiting list.
 */
export async function releaseHold(db: Db, input: { bookingId: string; reason: string }, actor: Actor, now = new Date()) {
  await db.$transaction(async (tx) => {
    const b = await lockBooking(tx, input.bookingId);
    assertAllowed('releaseHold', b);
    const out = await releaseReservation(tx, b.id, now, 'cancelled', { offerToWaitingList: true });
    if (!out) throw new RentalFailure('not_allowed');
    await recordAudit(tx, { actor, action: 'booking.hold_release', entity: 'booking', entityId: b.id, before: stateOf(b), after: { status: 'cancelled', paymentStatus: 'cancelled', unitId: null }, note: input.reason });
  });
  revalidatePublicData('availability');
  await sendBookingUpdate(db, input.bookingId, 'cancelled', { refundSatang: 0 });
}

/** Makes every link already emailed for this booking (portal, invoices) stop working (docs/product-rules.md#holds). */
export async function revokeLinks(db: Db, input: { bookingId: string; reason: string }, actor: Actor, now = new Date()) {
  await db.$transaction(async (tx) => {
    const b = await lockBooking(tx, input.bookingId);
    assertAllowed('revokeLinks', b);
    await tx.booking.update({ where: { id: b.id }, data: { linksRevokedAt: now } });
    await recordAudit(tx, { actor, action: 'booking.links_revoke', entity: 'booking', entityId: b.id, before: { linksRevokedAt: b.linksRevokedAt }, after: { linksRevokedAt: now }, note: input.reason });
  });
}
