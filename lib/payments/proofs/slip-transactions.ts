import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import type { Db } from '@/lib/db';
import type { SlipQr } from './slip-qr';

type Reader = Prisma.TransactionClient | Db;

/**
 * One bank transaction backs one payment (docs/product-rules.md#thai-money, "Slips read by their own QR"), whatever
 * the file's bytes: a slip whose QR names a transaction already attached to ANOTHER payment is refused; the same
 * transaction again on the same payment is not stored twice. The unique index on (slip_bank, slip_trans_ref) keeps
 * this true under concurrent uploads (the loser's insert fails with P2002, which the callers read as `proof_used`).
 */
export type SlipTransactionCheck = 'no_qr' | 'new' | 'same_payment' | 'used';

export async function checkSlipTransaction(db: Reader, slip: Pick<SlipQr, 'sendingBank' | 'transRef'> | null | undefined, paymentId: string | null): Promise<SlipTransactionCheck> {
  if (!slip) return 'no_qr';
  const earlier = await db.paymentProof.findUnique({ where: { slipBank_slipTransRef: { slipBank: slip.sendingBank, slipTransRef: slip.transRef } }, select: { paymentId: true } });
  if (!earlier) return 'new';
  return paymentId && earlier.paymentId === paymentId ? 'same_payment' : 'used';
}

/** The columns a PaymentProof row keeps of its slip's QR. */
export function slipColumns(proof: { slip?: Pick<SlipQr, 'sendingBank' | 'transRef'> | null }): { slipBank?: string; slipTransRef?: string } {
  return proof.slip ? { slipBank: proof.slip.sendingBank, slipTransRef: proof.slip.transRef } : {};
}
