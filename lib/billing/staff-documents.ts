import 'server-only';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import type { StaffUser } from '@/lib/auth/staff';
import { recordAudit } from '@/lib/audit';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { translator, toLocale } from '@/lib/i18n/translator';
import { loadSupplyItems, supplyName } from '@/lib/supplies/catalogue';
import { AGREEMENT_FEE_CODES, AGREEMENT_FEES, creditNoteVat, priceCounterInvoice, type AgreementFee, type CounterItem } from '@/lib/pricing/fees';
import type { SupplyId } from '@/lib/pricing';
import { bangkokMidnight } from './calendar';
import { transition } from '@/lib/lifecycle';
import { sendInvoiceIssued } from '@/lib/invoices/emails';
import { log } from '@/lib/log';
import { issueInvoice } from '@/lib/invoices/issue';
import { issueCreditNote } from '@/lib/invoices/credit-notes';
import { invoiceBalance } from '@/lib/invoices/balance';
import { clearArrearsIfPaid } from '@/lib/payments/ledger/settle';
import { Refusal } from '@/lib/actions/refusal';

type Actor = Pick<StaffUser, 'id' | 'email'>;

export type StaffDocumentErrorCode = 'booking_not_found' | 'booking_not_billable' | 'nothing_to_invoice' | 'unknown_item' | 'invoice_not_found' | 'invoice_void' | 'amount_invalid' | 'amount_too_large';
export class StaffDocumentError extends Refusal {
  constructor(readonly code: StaffDocumentErrorCode) {
    super(code);
  }
  say(locale: string): string {
    return translator(locale, 'staffDocuments.errors')(this.code);
  }
}

/** Rentals staff may still charge: from confirmation to after the end (cleaning, a lost lock found at move-out). */
const BILLABLE = ['confirmed', 'active', 'ended'] as const;

export interface StaffInvoiceInput {
  bookingId: string;
  /** quantity per agreement fee */
  fees: Partial<Record<AgreementFee, number>>;
  /** quantity per packing supply sold at the counter */
  supplies: Partial<Record<string, number>>;
  note?: string;
}

/**
 * Staff issue an invoice for the agreement's fees and supplies sold at the counter (docs/product-rules.md#documents-
 * staff-issue): priced on the server (fees from AGREEMENT_FEES, supplies from the catalogue's current prices), numbered
 * like every invoice by `issueInvoice`, due today, audited, then emailed to the customer with its pay link. It is
 * paid like any invoice (the portal, its pay page, the counter).
 */
export async function issueStaffInvoice(db: Db, input: StaffInvoiceInput, actor: Actor, now = new Date(), opts: { sendEmail?: boolean } = {}) {
  const catalogue = await loadSupplyItems(db);
  for (const [code, quantity] of Object.entries(input.fees)) if (quantity && !Object.hasOwn(AGREEMENT_FEES, code)) throw new StaffDocumentError('unknown_item');
  for (const [code, quantity] of Object.entries(input.supplies)) if (quantity && !catalogue.has(code as SupplyId)) throw new StaffDocumentError('unknown_item');
  // Lines in a fixed order: the agreement's fees as it lists them, then supplies in the catalogue's order.
  const items: CounterItem[] = [
    ...AGREEMENT_FEE_CODES.map((code) => ({ kind: 'fee' as const, code, quantity: input.fees[code] ?? 0, unitSatang: AGREEMENT_FEES[code] })),
    ...[...catalogue.values()].map((s) => ({ kind: 'product' as const, code: s.id, quantity: input.supplies[s.id] ?? 0, unitSatang: s.priceSatang })),
  ].filter((i) => i.quantity !== 0);
  if (!items.some((i) => i.quantity > 0)) throw new StaffDocumentError('nothing_to_invoice');
  const quote = priceCounterInvoice(items);

  const invoice = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${input.bookingId} FOR UPDATE`;
    const booking = await tx.booking.findUnique({ where: { id: input.bookingId }, include: { customer: { select: { locale: true } } } });
    if (!booking) throw new StaffDocumentError('booking_not_found');
    if (!(BILLABLE as readonly string[]).includes(booking.status)) throw new StaffDocumentError('booking_not_billable');
    // Lines read in the customer's language, like the billing job's fees.
    const locale = toLocale(booking.customer.locale || booking.locale);
    const t = translator(locale, 'staffDocuments.lines');
    const issued = await issueInvoice(tx, {
      bookingId: booking.id,
      kind: 'fee',
      lines: quote.lines.map((l) => ({
        kind: l.kind,
        description: l.kind === 'fee' ? t(`fees.${l.code as AgreementFee}`) : supplyName(catalogue.get(l.code as SupplyId)!, locale),
        quantity: l.quantity,
        unitSatang: l.unitSatang,
        amountSatang: l.amountSatang,
      })),
      vatSatang: quote.vatIncluded,
      expectedTotal: quote.total,
      issuedAt: now,
      dueAt: bangkokMidnight(todayInBangkok(now)),
    });
    await recordAudit(tx, {
      actor,
      action: 'invoice.issue_staff',
      entity: 'invoice',
      entityId: issued.id,
      after: { number: issued.number, booking: booking.reference, totalSatang: issued.totalSatang, vatSatang: issued.vatSatang, items: quote.lines.map((l) => `${l.code}×${l.quantity}`) },
      note: input.note,
    });
    return issued;
  });
  if (opts.sendEmail !== false) {
    await sendInvoiceIssued(db, invoice.id, 'staff').catch((error) => log.error({ err: error, invoice: invoice.number }, 'staff invoice: email failed'));
  }
  return invoice;
}

export interface StaffCreditInput {
  invoiceId: string;
  /** satang to credit; omitted = everything the invoice still holds (a waiver) */
  amountSatang?: number;
  reason: string;
}

/**
 * Staff waive or correct an invoice with a credit note (docs/product-rules.md#documents-staff-issue): numbered
 * CN-<year>-<n> without gaps, VAT on the difference (`creditNoteVat`), never more than the invoice still holds. An
 * open invoice that payments and credits now cover moves through the lifecycle: `void` when nothing was paid (what
 * remained due is waived), `pay` when part payments and the credit cover it; otherwise it stays open for the rest.
 * A paid invoice can be corrected too; the money to give back is a refund staff make (the audit row says so).
 */
export async function issueStaffCreditNote(db: Db, input: StaffCreditInput, actor: Actor, now = new Date()) {
  if (input.amountSatang !== undefined && (!Number.isSafeInteger(input.amountSatang) || input.amountSatang <= 0)) throw new StaffDocumentError('amount_invalid');
  return db.$transaction((tx) => creditInvoice(tx, input, actor, now));
}

/** issueStaffCreditNote inside the caller's transaction (ending a rental credits its open invoices with it). */
export async function creditInvoice(tx: Prisma.TransactionClient, input: StaffCreditInput, actor: Actor, now: Date) {
  await tx.$queryRaw`SELECT id FROM invoices WHERE id = ${input.invoiceId} FOR UPDATE`;
  const invoice = await tx.invoice.findUnique({
    where: { id: input.invoiceId },
    include: { lines: true, payments: { select: { status: true, amountSatang: true, refundedSatang: true } }, creditNotes: { select: { amountSatang: true, vatSatang: true } } },
  });
  if (!invoice) throw new StaffDocumentError('invoice_not_found');
  if (invoice.status === 'void') throw new StaffDocumentError('invoice_void');
  const before = invoiceBalance(invoice);
  const holds = invoice.totalSatang - before.creditedSatang;
  const amount = input.amountSatang ?? (invoice.status === 'open' ? before.dueSatang : holds);
  if (amount <= 0) throw new StaffDocumentError('amount_invalid');
  if (amount > holds) throw new StaffDocumentError('amount_too_large');
  const vatable = invoice.lines.filter((l) => l.kind !== 'deposit' && l.kind !== 'withholding_tax').reduce((a, l) => a + l.amountSatang, 0);
  const vat = creditNoteVat({
    invoiceVatSatang: invoice.vatSatang,
    vatableSatang: Math.max(0, vatable),
    creditedBeforeSatang: before.creditedSatang,
    creditedVatBeforeSatang: invoice.creditNotes.reduce((a, c) => a + c.vatSatang, 0),
    amountSatang: amount,
  });
  const { note } = await issueCreditNote(tx, {
    invoiceId: invoice.id,
    amountSatang: amount,
    vatSatang: vat,
    reason: input.reason,
    // The invoice is locked: the count is stable, and a double submit that raced past it fails on the unique key.
    dedupeKey: `staff:${invoice.id}:${invoice.creditNotes.length + 1}`,
    issuedAt: now,
  });
  if (!note) throw new StaffDocumentError('amount_too_large');
  await recordAudit(tx, { actor, action: 'credit_note.issue_staff', entity: 'invoice', entityId: invoice.id, after: { creditNote: note.number, amountSatang: amount, vatSatang: note.vatSatang, invoiceStatus: invoice.status }, note: input.reason });
  let status: string = invoice.status;
  if (invoice.status === 'open') {
    const after = invoiceBalance({ ...invoice, creditNotes: [...invoice.creditNotes, { amountSatang: amount }] });
    if (after.dueSatang === 0) {
      const action = after.paidSatang > 0 ? 'pay' : 'void';
      await transition(tx, 'invoice', invoice.id, action, { actor, data: action === 'pay' ? { paidAt: now } : {}, audit: { creditNote: note.number }, note: input.reason });
      status = action === 'pay' ? 'paid' : 'void';
    } else {
      await transition(tx, 'invoice', invoice.id, 'credit', { actor, audit: { creditNote: note.number, dueSatang: after.dueSatang } });
    }
  } else {
    await transition(tx, 'invoice', invoice.id, 'credit', { actor, audit: { creditNote: note.number } });
    await recordAudit(tx, { actor, action: 'invoice.refund_due', entity: 'invoice', entityId: invoice.id, after: { creditNote: note.number, amountSatang: amount }, note: 'paid invoice credited: refund the customer' });
  }
  // A waived overdue fee no longer holds the rental in arrears.
  const accessRestored = await clearArrearsIfPaid(tx, invoice.bookingId, now, actor);
  return { note, invoiceStatus: status, accessRestored };
}
