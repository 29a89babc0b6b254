import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import type { Db } from '@/lib/db';

type Reader = Prisma.TransactionClient | Db;

/**
 * Payment-slip fingerprints (docs/product-rules.md#security-third-pass-issue-22, "Slip fingerprints"): every stored
 * proof keeps the SHA-256 of its cleaned content (lib/payments/proofs/proof-store.ts). One slip backs one payment of
 * one customer:
 *   - the same content on a booking of ANOTHER customer (another email) is refused: one transfer cannot pay for two
 *     people's bookings;
 *   - the same content on another booking of the SAME customer is accepted (somebody paying two units in one
 *     transfer) and shown to staff as a warning wherever the slip is reviewed (findProofsWithSameContent);
 *   - the same content again on the same booking: for the payment it already waits on it adds nothing; for another of
 *     the booking's invoices, or after staff rejected it, it is kept and flagged like the above
 *     (lib/payments/offline-payments.ts).
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
  /** the invoice its payment was for, null for a slip not (or no longer) on a payment */
  invoiceNumber: string | null;
  customerName: string;
  /** the same customer email as the proof asked about */
  sameCustomer: boolean;
  uploadedAt: Date;
  status: string;
  /** exact: the same bytes; lookalike: the same picture re-encoded or resized (lib/payments/proofs/slip-similarity.ts) */
  match: 'exact' | 'lookalike';
}

/**
 * Other stored proofs with exactly the content of `proofId` (same SHA-256), or whose picture it looks like or that look
 * like it (lookalikeOfId, either way), oldest first, at most 50; empty when the slip is unique. Staff views call this
 * to warn that one slip backs several payments or bookings.
 */
export async function findProofsWithSameContent(db: Reader, proofId: string): Promise<SameContentProof[]> {
  return (await findProofsWithSameContentAll(db, [proofId])).get(proofId) ?? [];
}

/** At most this many other proofs are listed beside one slip: enough to show staff it is reused. */
const LISTED_PER_PROOF = 50;

/**
 * findProofsWithSameContent for every proof a staff screen shows, in two queries however many (the payments queue lists
 * up to a hundred payments, each with its slips; more only when one slip has many copies). Proofs not found, or
 * unique, map to an empty list.
 */
export async function findProofsWithSameContentAll(db: Reader, proofIds: readonly string[]): Promise<Map<string, SameContentProof[]>> {
  const found = new Map<string, SameContentProof[]>(proofIds.map((id) => [id, []]));
  if (!proofIds.length) return found;
  const asked = await db.paymentProof.findMany({
    where: { id: { in: [...proofIds] } },
    select: { id: true, sha256: true, lookalikeOfId: true, booking: { select: { customer: { select: { email: true } } } } },
  });
  if (!asked.length) return found;
  const candidates = await candidatesBeside(db, asked);
  for (const proof of asked) {
    const email = proof.booking.customer.email.trim().toLowerCase();
    const beside = candidates.filter((o) => o.id !== proof.id && (o.sha256 === proof.sha256 || o.lookalikeOfId === proof.id || o.id === proof.lookalikeOfId));
    found.set(
      proof.id,
      beside.slice(0, LISTED_PER_PROOF).map((o) => ({
        id: o.id,
        bookingId: o.bookingId,
        reference: o.booking.reference,
        invoiceNumber: o.payment?.invoice?.number ?? null,
        customerName: `${o.booking.customer.firstName} ${o.booking.customer.lastName}`.trim(),
        sameCustomer: o.booking.customer.email.trim().toLowerCase() === email,
        uploadedAt: o.uploadedAt,
        status: o.status,
        match: o.sha256 === proof.sha256 ? ('exact' as const) : ('lookalike' as const),
      })),
    );
  }
  return found;
}

const CANDIDATE = {
  id: true,
  sha256: true,
  lookalikeOfId: true,
  bookingId: true,
  uploadedAt: true,
  status: true,
  payment: { select: { invoice: { select: { number: true } } } },
  booking: { select: { reference: true, customer: { select: { email: true, firstName: true, lastName: true } } } },
} satisfies Prisma.PaymentProofSelect;

type Asked = { id: string; sha256: string; lookalikeOfId: string | null };

/** Where another proof of `p` can be: its content, its lookalikes, the proof it looks like. */
const besideWhere = (ps: readonly Asked[]): Prisma.PaymentProofWhereInput => {
  const lookedLike = ps.flatMap((p) => (p.lookalikeOfId ? [p.lookalikeOfId] : []));
  return { OR: [{ sha256: { in: ps.map((p) => p.sha256) } }, { lookalikeOfId: { in: ps.map((p) => p.id) } }, ...(lookedLike.length ? [{ id: { in: lookedLike } }] : [])] };
};

/**
 * The proofs beside every asked one, oldest first, in one query; when one slip's many copies fill that query's limit,
 * each slip is asked on its own instead, so no slip loses its warning to another's copies.
 */
async function candidatesBeside(db: Reader, asked: readonly Asked[]) {
  const order = [{ uploadedAt: 'asc' as const }, { id: 'asc' as const }];
  const take = (LISTED_PER_PROOF + 1) * asked.length;
  const all = await db.paymentProof.findMany({ where: besideWhere(asked), orderBy: order, take, select: CANDIDATE });
  if (all.length < take) return all;
  const each = await Promise.all(asked.map((p) => db.paymentProof.findMany({ where: besideWhere([p]), orderBy: order, take: LISTED_PER_PROOF + 1, select: CANDIDATE })));
  const byId = new Map(each.flat().map((c) => [c.id, c]));
  return [...byId.values()].sort((a, b) => a.uploadedAt.getTime() - b.uploadedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
