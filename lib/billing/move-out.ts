import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import { issueCreditNote } from '@/lib/invoices/credit-notes';
import { transition } from '@/lib/lifecycle';
import { recordAudit } from '@/lib/audit';
import { dateColumn } from '@/lib/dates/bangkok';

type Tx = Prisma.TransactionClient;

/**
 * A notice to vacate fixes the move-out date (docs/product-rules.md#lifecycle): a rent invoice already issued for a
 * period that starts after it is credited in full (its own credit note) and, while unpaid, voided. A paid one keeps its
 * status and is marked for staff to pay back. Idempotent: one credit note per invoice (dedupe key).
 */
export async function creditPeriodsAfterMoveOut(tx: Tx, bookingId: string, moveOutDate: string, now: Date): Promise<string[]> {
  const after = await tx.invoice.findMany({
    where: { bookingId, kind: 'renewal', status: { in: ['open', 'paid'] }, periodStart: { gt: dateColumn(moveOutDate) } },
    include: { creditNotes: { select: { amountSatang: true } } },
    orderBy: { periodStart: 'asc' },
  });
  const credited: string[] = [];
  for (const invoice of after) {
    const left = invoice.totalSatang - invoice.creditNotes.reduce((a, c) => a + c.amountSatang, 0);
    if (left > 0) {
      const { note } = await issueCreditNote(tx, { invoiceId: invoice.id, amountSatang: left, reason: `move-out ${moveOutDate}: period after the rental ends`, dedupeKey: `move_out:${invoice.id}`, issuedAt: now });
      if (note) credited.push(note.number);
    }
    if (invoice.status === 'open') await transition(tx, 'invoice', invoice.id, 'void', { note: `period after the move-out date ${moveOutDate}` });
    else await recordAudit(tx, { actor: null, action: 'invoice.refund_due', entity: 'invoice', entityId: invoice.id, after: { moveOutDate }, note: 'paid for a period after the move-out date: refund it' });
  }
  return credited;
}
