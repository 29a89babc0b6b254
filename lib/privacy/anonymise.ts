import 'server-only';
import { Prisma } from '@/generated/prisma/client';
import type { Db } from '@/lib/db';
import { lineTasksOf } from '@/lib/line/outbox';

/**
 * Removing a person from a booking while keeping its amounts (docs/product-rules.md#personal-data-pdpa): used by the
 * retention job at the end of a booking's period and by an erasure request. What stays: the booking's unit, dates,
 * statuses and amounts, its invoices, credit notes, payments and refunds (the accounting records). What goes: the
 * signature and where it was made, the agreement text (it names the customer), the snapshot, staff notes, copies of
 * emails and LINE messages, gate records and the PIN, identity files, condition photos and payment slips.
 */

type Tx = Prisma.TransactionClient;

export interface AnonymiseOptions {
  /**
   * true while the tax period runs (an erasure request): the buyer on tax invoices and credit notes and the slips of
   * paid payments stay, as the Revenue Code requires; false at the end of the period (the retention job).
   */
  keepTaxRecords: boolean;
}

export const ANONYMISED_NAME = 'Anonymised';
/** An address that can never receive mail (RFC 2606), unique per customer so nothing merges two of them. */
export const anonymisedEmail = (customerId: string) => `anonymised-${customerId}@invalid.invalid`;

async function deleteFiles(tx: Tx, keys: (string | null)[]) {
  const k = keys.filter((x): x is string => !!x);
  if (k.length) await tx.storedFile.deleteMany({ where: { key: { in: k } } });
}

/** One booking's personal data, in the caller's transaction; returns false when it was already anonymised. */
export async function anonymiseBooking(tx: Tx, bookingId: string, now: Date, opts: AnonymiseOptions): Promise<boolean> {
  const claimed = await tx.booking.updateMany({
    where: { id: bookingId, anonymisedAt: null },
    data: { anonymisedAt: now, agreementSignature: '', agreementSignedIp: null, agreementSignedUa: null, agreementText: '', deviceKey: null, clientKey: null, gatePinCipher: null, gatePinHash: null },
  });
  if (!claimed.count) return false;
  await tx.bookingSnapshot.deleteMany({ where: { bookingId } });
  await tx.bookingNote.deleteMany({ where: { bookingId } });
  await tx.emailMessage.deleteMany({ where: { bookingId } });
  await tx.task.deleteMany({ where: lineTasksOf({ bookingId }) });
  await tx.gateChange.deleteMany({ where: { bookingId } });
  const photos = await tx.conditionPhoto.findMany({ where: { bookingId }, select: { storageKey: true } });
  await tx.conditionPhoto.deleteMany({ where: { bookingId } });
  await deleteFiles(tx, photos.map((p) => p.storageKey));
  const ids = await tx.identityDocument.findMany({ where: { bookingId, storageKey: { not: null } }, select: { storageKey: true } });
  await tx.identityDocument.updateMany({ where: { bookingId }, data: { storageKey: null, purgedAt: now, fileName: '', note: null } });
  await deleteFiles(tx, ids.map((d) => d.storageKey));
  const proofs = await tx.paymentProof.findMany({
    where: { bookingId, ...(opts.keepTaxRecords ? { NOT: { payment: { status: 'paid' } } } : {}) },
    select: { id: true, storagePath: true },
  });
  await deleteFiles(tx, proofs.map((p) => p.storagePath));
  await tx.paymentProof.updateMany({ where: { id: { in: proofs.map((p) => p.id) } }, data: { fileName: '', note: null } });
  if (!opts.keepTaxRecords) {
    await tx.invoice.updateMany({ where: { bookingId }, data: { buyer: Prisma.DbNull } });
    await tx.creditNote.updateMany({ where: { invoice: { bookingId } }, data: { buyer: Prisma.DbNull } });
  }
  return true;
}

/**
 * The customer's own details, once none of their bookings still needs them; also what else is keyed by their email
 * (LINE link, link codes, drafts) when no other customer record with that email is still in use.
 */
export async function anonymiseCustomerIfDone(tx: Tx, customerId: string, now: Date): Promise<boolean> {
  const live = await tx.booking.count({ where: { customerId, anonymisedAt: null } });
  if (live) return false;
  const c = await tx.customer.findUnique({ where: { id: customerId }, select: { email: true, anonymisedAt: true } });
  if (!c || c.anonymisedAt) return false;
  await tx.customer.update({
    where: { id: customerId },
    data: { firstName: ANONYMISED_NAME, lastName: '', email: anonymisedEmail(customerId), phone: '', whatsapp: null, address: '', companyName: null, taxId: null, taxBranch: null, stripeCustomerId: null, anonymisedAt: now },
  });
  const others = await tx.customer.count({ where: { email: { equals: c.email, mode: 'insensitive' }, anonymisedAt: null } });
  if (!others) {
    await tx.lineLink.deleteMany({ where: { email: { equals: c.email, mode: 'insensitive' } } });
    await tx.lineLinkCode.deleteMany({ where: { email: { equals: c.email, mode: 'insensitive' } } });
    await tx.task.deleteMany({ where: lineTasksOf({ email: c.email }) });
    await tx.bookingDraft.deleteMany({ where: { email: { equals: c.email, mode: 'insensitive' } } });
  }
  return true;
}
