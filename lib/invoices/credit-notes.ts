import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import { recordAudit } from '@/lib/audit';
import { roundHalfUpToBaht } from '@/lib/pricing';
import { nextDocumentNumber } from './numbering';
import { sellerSnapshot } from './parties';

type Tx = Prisma.TransactionClient;

export interface CreditNoteInput {
  invoiceId: string;
  paymentId?: string | null;
  amountSatang: number;
  reason: string;
  /** refund:<provider refund id>, or another key for a correction: one credit note per key */
  dedupeKey: string;
  providerRefundId?: string | null;
  issuedAt: Date;
  /** the VAT credited, when not in proportion: 0 for a deposit refund (the deposit carries no VAT) */
  vatSatang?: number;
}

/**
 * Credits part or all of an issued invoice (the invoice itself is never edited). The credit can never exceed what the
 * invoice still holds; VAT is credited in proportion (rounded like every other VAT line). Returns the existing note
 * when the key was used before, so refund events that arrive twice create one note.
 */
export async function issueCreditNote(tx: Tx, input: CreditNoteInput) {
  const existing = await tx.creditNote.findUnique({ where: { dedupeKey: input.dedupeKey } });
  if (existing) return { note: existing, created: false };
  if (!Number.isSafeInteger(input.amountSatang) || input.amountSatang <= 0) throw new RangeError('credit must be positive satang');
  await tx.$queryRaw`SELECT id FROM invoices WHERE id = ${input.invoiceId} FOR UPDATE`;
  const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: input.invoiceId }, include: { creditNotes: { select: { amountSatang: true } } } });
  const credited = invoice.creditNotes.reduce((a, c) => a + c.amountSatang, 0);
  const amount = Math.min(input.amountSatang, Math.max(0, invoice.totalSatang - credited));
  if (amount <= 0) return { note: null, created: false };
  const vat = invoice.totalSatang > 0 ? roundHalfUpToBaht(BigInt(invoice.vatSatang) * BigInt(amount), BigInt(invoice.totalSatang)) : 0;
  const number = await nextDocumentNumber(tx, 'CN', input.issuedAt);
  const seller = await sellerSnapshot(tx);
  const note = await tx.creditNote.create({
    data: {
      number,
      invoiceId: invoice.id,
      paymentId: input.paymentId ?? null,
      issuedAt: input.issuedAt,
      reason: input.reason.slice(0, 500),
      amountSatang: amount,
      vatSatang: input.vatSatang !== undefined ? Math.max(0, Math.min(input.vatSatang, amount)) : Math.min(vat, amount),
      dedupeKey: input.dedupeKey,
      providerRefundId: input.providerRefundId ?? null,
      seller: { ...seller },
      buyer: invoice.buyer ?? undefined,
    },
  });
  await recordAudit(tx, { actor: null, action: 'credit_note.issue', entity: 'invoice', entityId: invoice.id, after: { creditNote: number, amountSatang: amount, reason: input.reason } });
  return { note, created: true };
}
