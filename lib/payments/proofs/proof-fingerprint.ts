import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import type { Db } from '@/lib/db';

type Reader = Prisma.TransactionClient | Db;

/**
 * Payment-slip fingerprints (docs/product-rules.md#holds, "Slip fingerprints"): every stored proof keeps the SHA-256
 * of its cleaned content (lib/payments/proofs/proof-store.ts). One slip backs one payment of one customer:
 *   - the same content on a booking of ANOTHER customer (another email) is refused: one transfer cannot pay for two
 *     people's bookings;
 *   - the same content on another booking of the SAME customer is accepted (somebody paying two units in one
 *     transfer) and shown to staff as a warning wherever the slip is reviewed (findProofsWithSameContent);
 *   - the same content again on the same booking adds nothing: it is not stored twice and does not move the hold.
 */
export type ProofContentCheck = 'new' | 'same_booking' | 'same_customer' | 'other_customer';

export async function checkProofContent(db: Reader, p: { sha256: string; bookingId: string; customerEmail: string }): Promise<ProofContentCheck> {
  const earlier = await db.paymentProof.findMany({
    where: { sha256: p.sha256 },
    select: { bookingId: true, booking: { select: { customer: { select: { email: true } } } } },
    take: 50,
  });
  if (!earlier.length) return 'new';
  const email = p.customerEmail.trim().toLowerCase();
  if (earlier.some((e) => e.booking.customer.email.trim().toLowerCase() !== email)) return 'other_customer';
  return earlier.some((e) => e.bookingId === p.bookingId) ? 'same_booking' : 'same_customer';
}

export interface SameContentProof {
  id: string;
  bookingId: string;
  reference: string;
  customerName: string;
  /** the same customer email as the proof asked about */
  sameCustomer: boolean;
  uploadedAt: Date;
  status: string;
  /** exact: the same bytes; lookalike: the same picture re-encoded or resized (lib/payments/proofs/slip-similarity.ts) */
  match: 'exact' | 'lookalike';
}

/**
 * Other stored proofs with exactly the content of `proofId` (same SHA-256), then those whose picture it looks like or
 * that look like it (lookalikeOfId, either way), oldest first; empty when the slip is unique. Staff views call this to
 * warn that one slip backs several bookings.
 */
export async function findProofsWithSameContent(db: Reader, proofId: string): Promise<SameContentProof[]> {
  const proof = await db.paymentProof.findUnique({ where: { id: proofId }, select: { sha256: true, lookalikeOfId: true, booking: { select: { customer: { select: { email: true } } } } } });
  if (!proof) return [];
  const email = proof.booking.customer.email.trim().toLowerCase();
  const others = await db.paymentProof.findMany({
    where: { id: { not: proofId }, OR: [{ sha256: proof.sha256 }, { lookalikeOfId: proofId }, ...(proof.lookalikeOfId ? [{ id: proof.lookalikeOfId }] : [])] },
    orderBy: { uploadedAt: 'asc' },
    take: 50,
    select: { id: true, sha256: true, bookingId: true, uploadedAt: true, status: true, booking: { select: { reference: true, customer: { select: { email: true, firstName: true, lastName: true } } } } },
  });
  return others.map((o) => ({
    id: o.id,
    bookingId: o.bookingId,
    reference: o.booking.reference,
    customerName: `${o.booking.customer.firstName} ${o.booking.customer.lastName}`.trim(),
    sameCustomer: o.booking.customer.email.trim().toLowerCase() === email,
    uploadedAt: o.uploadedAt,
    status: o.status,
    match: o.sha256 === proof.sha256 ? ('exact' as const) : ('lookalike' as const),
  }));
}
