import 'server-only';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { AWAITING_CHECK } from '@/lib/lifecycle/table';
import { invoiceBalance } from '@/lib/invoices/balance';

// What staff see before they record or check money: the read side of lib/payments/staff-payments.ts, so the staff
// screens (lib/admin, read models only) and the counter command read the same queue and the same invoice order.

const TO_CHECK = { status: { in: [...AWAITING_CHECK] }, invoiceId: { not: null } } satisfies Prisma.PaymentWhereInput;

/** How many payments the queue lists at once, oldest first; the rest show as these are checked. */
export const PAYMENTS_QUEUE_PAGE = 100;

/** Every payment waiting for its check, so a queue longer than the page says so. */
export function countPaymentsToCheck(db: Db): Promise<number> {
  return db.payment.count({ where: TO_CHECK });
}

/**
 * Money in for every invoice (docs/product-rules.md#lifecycle): the queue of payments staff have to check, for any
 * invoice of any rental state, oldest first, with their slips.
 */
export async function paymentsToCheck(db: Db, take = PAYMENTS_QUEUE_PAGE) {
  return db.payment.findMany({
    where: TO_CHECK,
    orderBy: { createdAt: 'asc' },
    take,
    include: {
      proofs: { orderBy: { uploadedAt: 'asc' }, select: { id: true, fileName: true, mimeType: true, uploadedAt: true, status: true, sha256: true, slipBank: true, slipTransRef: true, slipCheck: true, reviewedBy: true } },
      invoice: { select: { id: true, number: true, kind: true, totalSatang: true, dueAt: true, status: true, periodStart: true } },
      booking: { select: { id: true, reference: true, status: true, customer: { select: { firstName: true, lastName: true, companyName: true } } } },
    },
  });
}

/** A booking's open invoices with what each still asks for, in the order a counter payment pays them. */
export async function openInvoicesOldestFirst(db: Db | Prisma.TransactionClient, bookingId: string) {
  const invoices = await db.invoice.findMany({
    where: { bookingId, status: 'open' },
    orderBy: [{ dueAt: { sort: 'asc', nulls: 'first' } }, { issuedAt: 'asc' }, { number: 'asc' }],
    include: { payments: true, creditNotes: { select: { amountSatang: true } } },
  });
  return invoices.map((i) => ({ id: i.id, number: i.number, kind: i.kind, dueAt: i.dueAt, totalSatang: i.totalSatang, dueSatang: invoiceBalance(i).dueSatang, payments: i.payments })).filter((i) => i.dueSatang > 0);
}
