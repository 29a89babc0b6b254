import 'server-only';
import { checkSlipTransaction, slipColumns } from '@/lib/payments/proofs/slip-transactions';
import { checkProofContent } from '@/lib/payments/proofs/proof-fingerprint';
import type { Db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { dateColumn, todayInBangkok } from '@/lib/dates/bangkok';
import { storePendingProof } from '@/lib/payments/proofs/proof-store';
import { noticeOutcome } from './notice';
import { sendBookingUpdate } from '@/lib/billing/booking-update-email';
import { setBookingPaymentStatus, transition, transitionEach } from '@/lib/lifecycle';
import { alertSlipToCheck } from '@/lib/staff-alerts';
import { creditPeriodsAfterMoveOut } from '@/lib/billing/move-out';
import { lookalikeFields } from '@/lib/payments/proofs/slip-similarity';
import { Refusal } from '@/lib/actions/refusal';
import { isUploadErrorCode, uploadErrorText } from '@/lib/uploads/messages';
import { translator } from '@/lib/i18n/translator';
import { formatThaiPhone } from '@/lib/format/phone';

/** The customer's own changes from the portal. Each is one transaction with its audit row (actor: the customer). */
export type PortalChangeError = 'not_allowed' | 'file_type' | 'file_size' | 'upload_failed' | 'busy' | 'proof_used';

export class PortalChangeFailure extends Refusal {
  constructor(readonly code: PortalChangeError) {
    super(code);
  }
  say(locale: string): string {
    if (this.code === 'proof_used') return translator(locale, 'security')('proofUsedElsewhere');
    return isUploadErrorCode(this.code) ? uploadErrorText(locale, this.code) : translator(locale, 'portal')(`errors.${this.code}`);
  }
}

/** Payment states in which a (new) transfer slip helps: waiting for the customer or for staff. */
const PROOF_WELCOME = ['pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded', 'awaiting_verification', 'pending_payment', 'pending'];

export function canUploadProof(b: { status: string; paymentStatus: string; paymentMethod: string }): boolean {
  return b.status === 'reserved' && (b.paymentMethod === 'bank_transfer' || b.paymentMethod === 'crypto') && PROOF_WELCOME.includes(b.paymentStatus);
}

export function canGiveNotice(b: { status: string; noticeGivenAt: Date | null }): boolean {
  return (b.status === 'confirmed' || b.status === 'active') && !b.noticeGivenAt;
}

export async function uploadPortalProof(db: Db, bookingId: string, bytes: Uint8Array, fileName: string) {
  const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
  if (!canUploadProof(booking)) throw new PortalChangeFailure('not_allowed');
  const stored = await storePendingProof(db, bytes, fileName);
  if (!stored.ok) throw new PortalChangeFailure(stored.error === 'size' ? 'file_size' : stored.error === 'type' ? 'file_type' : stored.error === 'busy' ? 'busy' : 'upload_failed');
  const p = stored.proof;
  const paymentId = await db.$transaction(async (tx) => {
    const b = await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { payments: { orderBy: { createdAt: 'desc' } }, customer: { select: { email: true } } } });
    if (!canUploadProof(b)) throw new PortalChangeFailure('not_allowed');
    // lib/payments/proofs/proof-fingerprint.ts: another customer's slip is refused; this booking's own slip again changes nothing.
    const content = await checkProofContent(tx, { sha256: p.sha256, bookingId, customerEmail: b.customer.email });
    if (content === 'other_customer') throw new PortalChangeFailure('proof_used');
    if (content === 'same_booking') return null;
    const payment = b.payments.find((x) => x.status !== 'paid' && x.status !== 'cancelled' && x.status !== 'refunded');
    // lib/payments/proofs/slip-transactions.ts: the bank transaction in the slip's QR backs one payment only.
    const transaction = await checkSlipTransaction(tx, p.slip, payment?.id ?? null);
    if (transaction === 'used') throw new PortalChangeFailure('proof_used');
    if (transaction === 'same_payment') return null;
    const proof = await tx.paymentProof.create({
      data: { bookingId, paymentId: payment?.id ?? null, fileName: p.fileName, mimeType: p.mimeType, sizeBytes: p.sizeBytes, storagePath: p.storagePath, sha256: p.sha256, uploadedAt: new Date(p.uploadedAt), ...slipColumns(p), ...(await lookalikeFields(tx, { imagePrint: p.imagePrint, bookingId })) },
    });
    await setBookingPaymentStatus(tx, bookingId, 'proof_uploaded');
    if (payment) await transitionEach(tx, 'payment', [payment.id], 'uploadProof', { note: 'customer (portal)' });
    await recordAudit(tx, { actor: null, action: 'portal.uploadProof', entity: 'booking', entityId: bookingId, before: { paymentStatus: b.paymentStatus }, after: { paymentStatus: 'proof_uploaded', proofId: proof.id }, note: 'customer' });
    return payment?.id ?? null;
  });
  if (paymentId) await alertSlipToCheck(db, paymentId);
}

export interface ContactChange {
  phone: string;
  whatsapp: string | null;
  address: string;
  /**
   * A business's head office ('00000') or 5-digit branch, already validated (lib/validation/tax-branch.ts); undefined
   * leaves it as it is. Ignored for individuals. Only documents issued after the change name it: issued invoices and
   * credit notes keep the branch frozen into them, and the booking's confirmation summary stays as booked.
   */
  taxBranch?: string;
}

export async function updatePortalContact(db: Db, bookingId: string, change: ContactChange) {
  await db.$transaction(async (tx) => {
    const b = await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { customer: true } });
    const business = b.customer.type === 'business';
    // Stored grouped the one Thai way, as the wizard stores them (lib/format/phone.ts); other countries' as typed.
    const data = { phone: formatThaiPhone(change.phone), whatsapp: change.whatsapp ? formatThaiPhone(change.whatsapp) : null, address: change.address, ...(business && change.taxBranch !== undefined ? { taxBranch: change.taxBranch } : {}) };
    const before = { phone: b.customer.phone, whatsapp: b.customer.whatsapp, address: b.customer.address, ...('taxBranch' in data ? { taxBranch: b.customer.taxBranch } : {}) };
    await tx.customer.update({ where: { id: b.customerId }, data });
    await recordAudit(tx, { actor: null, action: 'portal.updateContact', entity: 'customer', entityId: b.customerId, before, after: data, note: 'customer' });
  });
}

/** Records the notice and its move-out date, then confirms it by email. */
export async function givePortalNotice(db: Db, bookingId: string, now = new Date()) {
  const outcome = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
    const b = await tx.booking.findUniqueOrThrow({ where: { id: bookingId } });
    if (!canGiveNotice(b)) throw new PortalChangeFailure('not_allowed');
    // Months paid ahead count as prepaid: the rental cannot end inside them.
    const o = noticeOutcome(b.startDate.toISOString().slice(0, 10), Math.max(b.months, b.paidThroughMonths ?? 0), todayInBangkok(now));
    await transition(tx, 'booking', bookingId, 'giveNotice', { data: { noticeGivenAt: now, moveOutDate: dateColumn(o.moveOutDate) }, audit: { moveOutDate: o.moveOutDate }, note: 'customer' });
    await creditPeriodsAfterMoveOut(tx, bookingId, o.moveOutDate, now);
    return o;
  });
  await sendBookingUpdate(db, bookingId, 'notice', { moveOutDate: outcome.moveOutDate });
  return outcome;
}
