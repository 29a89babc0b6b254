import 'server-only';
import type { Db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { readPendingProof } from '@/lib/payments/proofs/proof-store';
import { checkProofContent } from '@/lib/payments/proofs/proof-fingerprint';
import { checkSlipTransaction, slipColumns } from '@/lib/payments/proofs/slip-transactions';
import { verifySlipByProvider } from '@/lib/payments/slip-verify';
import { invoiceBalance } from '@/lib/invoices/balance';
import { setBookingPaymentStatus, transition } from '@/lib/lifecycle';
import { alertSlipToCheck } from '@/lib/staff-alerts';
import { lookalikeFields } from '@/lib/payments/proofs/slip-similarity';

export type OfflineMethod = 'bank_transfer' | 'crypto' | 'promptpay';
export type OfflinePaymentResult =
  | { ok: true; paymentId: string; status: 'proof_uploaded' | 'pending_bank_transfer' | 'crypto_payment_sent' | 'awaiting_verification' | 'paid' }
  | { ok: false; error: 'not_open' | 'invalid_proof' | 'proof_used' };

const WAITING = ['awaiting_verification', 'pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded'] as const;

/**
 * A payment the customer made outside Stripe for an open invoice (bank transfer, crypto, the PromptPay QR): a Payment
 * waiting for staff verification, with the slip when one was uploaded (stored by /api/payment-proofs, content-checked,
 * 10 MB). One stored file belongs to one payment only. The amount is what the invoice still asks for.
 */
export async function recordOfflinePayment(db: Db, req: { invoiceId: string; method: OfflineMethod; proofId: string | null; now: Date }): Promise<OfflinePaymentResult> {
  const proof = req.proofId ? await readPendingProof(db, req.proofId) : null;
  if (req.proofId && !proof) return { ok: false, error: 'invalid_proof' };
  try {
    const result = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM invoices WHERE id = ${req.invoiceId} FOR UPDATE`;
      const invoice = await tx.invoice.findUnique({
        where: { id: req.invoiceId },
        include: {
          booking: { select: { id: true, status: true, customer: { select: { email: true } } } },
          payments: { select: { status: true, amountSatang: true, refundedSatang: true } },
          creditNotes: { select: { amountSatang: true } },
        },
      });
      if (!invoice || invoice.status !== 'open') return { ok: false as const, error: 'not_open' as const };
      // What is still due after part payments and credits (docs/product-rules.md#lifecycle).
      const due = invoiceBalance(invoice).dueSatang;
      // lib/payments/proofs/proof-fingerprint.ts: another customer's slip is refused.
      const content = proof ? await checkProofContent(tx, { sha256: proof.sha256, bookingId: invoice.bookingId, customerEmail: invoice.booking.customer.email }) : 'new';
      if (content === 'other_customer') return { ok: false as const, error: 'proof_used' as const };
      // The same file already waiting for its check on a payment of this invoice (by any method): that payment is the
      // answer, nothing is added. Sent for another of the booking's invoices, or again after staff rejected it, it is
      // kept on this invoice's payment and flagged beside it in the queue (lib/payments/proofs/proof-fingerprint.ts).
      const held =
        proof && content === 'same_booking'
          ? await tx.paymentProof.findFirst({ where: { sha256: proof.sha256, status: 'pending', payment: { invoiceId: invoice.id, status: { in: [...WAITING] } } }, select: { payment: { select: { id: true, status: true } } } })
          : null;
      if (held?.payment) return { ok: true as const, paymentId: held.payment.id, status: held.payment.status as Extract<OfflinePaymentResult, { ok: true }>['status'] };
      const status = proof ? 'proof_uploaded' : req.method === 'bank_transfer' ? 'pending_bank_transfer' : req.method === 'crypto' ? 'crypto_payment_sent' : 'awaiting_verification';
      const existing = await tx.payment.findFirst({ where: { invoiceId: invoice.id, method: req.method, status: { in: [...WAITING] } }, orderBy: { createdAt: 'desc' } });
      // lib/payments/proofs/slip-transactions.ts: the bank transaction in the slip's QR backs one payment only.
      const transaction = proof ? await checkSlipTransaction(tx, proof.slip, existing?.id ?? null) : 'no_qr';
      if (transaction === 'used') return { ok: false as const, error: 'proof_used' as const };
      const attach = proof && transaction !== 'same_payment' ? proof : null;
      const payment = existing
        ? status === 'proof_uploaded' && existing.status !== 'proof_uploaded'
          ? await transition(tx, 'payment', existing.id, 'uploadProof', { audit: { invoice: invoice.number } }).then(() => tx.payment.findUniqueOrThrow({ where: { id: existing.id } }))
          : existing
        : await tx.payment.create({
            data: { bookingId: invoice.bookingId, invoiceId: invoice.id, method: req.method, status, amountSatang: due, provider: req.method === 'promptpay' ? 'promptpay_qr' : null },
          });
      if (attach) {
        await tx.paymentProof.create({
          data: { bookingId: invoice.bookingId, paymentId: payment.id, fileName: attach.fileName, mimeType: attach.mimeType, sizeBytes: attach.sizeBytes, storagePath: attach.storagePath, sha256: attach.sha256, uploadedAt: new Date(attach.uploadedAt), ...slipColumns(attach), ...(await lookalikeFields(tx, { imagePrint: attach.imagePrint, bookingId: invoice.bookingId })) },
        });
      }
      // The booking's own payment status follows its first invoice, so staff see the slip waiting on the booking too.
      if (invoice.kind === 'initial' && invoice.booking.status === 'reserved') {
        await setBookingPaymentStatus(tx, invoice.bookingId, payment.status);
      }
      await recordAudit(tx, { actor: null, action: proof ? 'payment.proof_upload' : 'payment.customer_sent', entity: 'payment', entityId: payment.id, after: { invoice: invoice.number, method: req.method, status: payment.status } });
      return { ok: true as const, paymentId: payment.id, status: payment.status as Extract<OfflinePaymentResult, { ok: true }>['status'] };
    });
    // A slip the provider confirms pays the invoice without a person (docs/product-rules.md#thai-money); any other
    // goes to the payments queue staff check (docs/product-rules.md#staff-alerts).
    if (result.ok && proof?.slip && (await verifySlipByProvider(db, result.paymentId, req.now)) === 'verified') return { ...result, status: 'paid' as const };
    if (result.ok) await alertSlipToCheck(db, result.paymentId);
    return result;
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') return { ok: false, error: 'proof_used' };
    throw error;
  }
}
