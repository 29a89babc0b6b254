import 'server-only';
import type { Db } from '@/lib/db';
import { countPaymentsToCheck, PAYMENTS_QUEUE_PAGE, paymentsToCheck } from '@/lib/payments/to-check';
import { findProofsWithSameContentAll } from '@/lib/payments/proofs/proof-fingerprint';

/**
 * What the payments queue shows (app/admin/payments): the oldest payments waiting for their check, how many wait in
 * all (a queue longer than one page says so), and beside each slip any other payment or booking with the same file or
 * picture (docs/product-rules.md#security-third-pass-issue-22, "Slip fingerprints"). The page renders it and decides nothing.
 */
export async function paymentsQueueView(db: Db, page = PAYMENTS_QUEUE_PAGE) {
  const [payments, waiting] = await Promise.all([paymentsToCheck(db, page), countPaymentsToCheck(db)]);
  const sameContent = await findProofsWithSameContentAll(
    db,
    payments.flatMap((p) => p.proofs.map((f) => f.id)),
  );
  // Counted apart from the list: a payment arriving between the two reads must not read as "57 of 58".
  const more = payments.length >= page && waiting > payments.length;
  return { payments, waiting, more, sameContent };
}
