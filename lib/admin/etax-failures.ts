import 'server-only';
import type { Db } from '@/lib/db';

/**
 * e-Tax sends that failed and are not sent since (docs/product-rules.md#thai-money): shown above the invoice list with
 * the email service's reply, the attempts and the next try, so staff notice before the buyer's accountant does.
 */
export function failedEtaxDeliveries(db: Db) {
  return db.etaxDelivery.findMany({
    where: { status: 'failed' },
    select: { id: true, invoiceId: true, typeCode: true, documentNumber: true, toAddress: true, attempts: true, lastError: true, reply: true, nextAttemptAt: true },
    orderBy: { nextAttemptAt: 'asc' },
    take: 20,
  });
}
