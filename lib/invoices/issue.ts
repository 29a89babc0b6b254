import 'server-only';
import { Prisma } from '@/generated/prisma/client';
import { documentYear, invoiceNumbering, nextDocumentNumber, nextDocumentNumbers } from './numbering';
import { buyerSnapshot, sellerSnapshot, type BuyerSnapshot, type SellerSnapshot } from './parties';
import { dateColumn } from '@/lib/dates/bangkok';

type Tx = Prisma.TransactionClient;

export type InvoiceLineKind = 'rent' | 'product' | 'service' | 'insurance' | 'deposit' | 'fee' | 'discount' | 'withholding_tax';

export interface InvoiceLineInput {
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  unitSatang: number;
  /** satang; negative only for discounts and the withholding deduction */
  amountSatang: number;
}

export interface IssueInvoiceInput {
  bookingId: string;
  kind: 'initial' | 'renewal' | 'fee' | 'prepay';
  lines: InvoiceLineInput[];
  /** VAT contained in the total, from lib/pricing */
  vatSatang: number;
  issuedAt: Date;
  dueAt: Date | null;
  /** renewals: the rent period, YYYY-MM-DD (Bangkok) */
  periodStart?: string;
  periodEnd?: string;
  /** one invoice per billing event; a second issue with the same key fails the transaction (unique) */
  dedupeKey?: string;
  /** when given, the lines must add up to exactly this (the quote's total) */
  expectedTotal?: number;
  /**
   * The seller and buyer as the caller already read them (a booking that has just written its customer earlier in the
   * same transaction; the billing job's renewals, read once for thousands), so issuing reads nothing before taking the
   * number; read here otherwise.
   */
  parties?: { seller: SellerSnapshot; buyer: BuyerSnapshot };
}

export class InvoiceError extends Error {}

const NEGATIVE_KINDS: readonly InvoiceLineKind[] = ['discount', 'withholding_tax'];

/** Σ lines, after checking each line is whole satang with the sign its kind allows. */
export function invoiceTotal(lines: readonly InvoiceLineInput[]): number {
  let total = 0;
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amountSatang) || !Number.isSafeInteger(l.unitSatang) || !Number.isInteger(l.quantity) || l.quantity < 0) {
      throw new InvoiceError(`invoice line "${l.description}" is not whole satang`);
    }
    const negative = NEGATIVE_KINDS.includes(l.kind);
    if (negative ? l.amountSatang > 0 : l.amountSatang < 0) throw new InvoiceError(`invoice line "${l.description}" (${l.kind}) has the wrong sign`);
    total += l.amountSatang;
  }
  return total;
}

/** The checks every invoice passes before it is written; its total. */
function checkedTotal(input: IssueInvoiceInput): number {
  if (!input.lines.length) throw new InvoiceError('an invoice needs at least one line');
  const total = invoiceTotal(input.lines);
  if (total < 0) throw new InvoiceError('an invoice total cannot be negative');
  if (input.expectedTotal !== undefined && total !== input.expectedTotal) {
    throw new InvoiceError(`invoice lines add up to ${total}, expected ${input.expectedTotal}`);
  }
  if (!Number.isSafeInteger(input.vatSatang) || input.vatSatang < 0) throw new InvoiceError('VAT must be whole satang');
  return total;
}

/**
 * THE way an invoice comes to exist: the next gapless number of the issue year is taken inside the caller's
 * transaction, the seller and buyer are frozen into the document, and the total is the sum of the lines. Issued
 * invoices are never edited afterwards (only their status follows payments); corrections are credit notes.
 */
export async function issueInvoice(tx: Tx, input: IssueInvoiceInput) {
  const total = checkedTotal(input);
  // One query at a time: an interactive transaction runs on one connection. The number last: its counter row stays
  // locked until the caller commits and every issuer queues on it (README "Performance", booking submits).
  const parties = input.parties ?? (await readParties(tx, input.bookingId));
  const number = await nextDocumentNumber(tx, 'INV', input.issuedAt);
  return writeInvoice(tx, input, total, parties, number);
}

/**
 * issueInvoice in two steps, for a caller whose transaction also queues on another lock (a booking's submit waits for
 * its unit type's lock, lib/booking/reserve.ts): the invoice is written now under a provisional number nobody outside
 * the transaction can see; its lines are written by a later statement of the caller's (`lines`, a common table
 * expression to run beside its own work: no round trip of their own), and its gapless number by the caller's last
 * statement, which runs `numbering` (lib/invoices/numbering.ts invoiceNumbering), so the counter row every issuer
 * queues on is held for one round trip and the commit. The caller must run both before committing: the same checks,
 * number and rows as issueInvoice once it has.
 */
export async function issueInvoiceNumberedLast(tx: Tx, input: IssueInvoiceInput & { parties: NonNullable<IssueInvoiceInput['parties']> }) {
  const total = checkedTotal(input);
  const invoice = await writeInvoiceRow(tx, input, total, input.parties, `unnumbered:${crypto.randomUUID()}`);
  const lines = linesSql(numberedLines(input, invoice.id));
  return { id: invoice.id, numbering: invoiceNumbering(invoice.id, input.issuedAt), lines: lines && Prisma.sql`invoice_lines_written AS (${lines})` };
}

const numberedLines = (input: IssueInvoiceInput, invoiceId: string) => input.lines.map((l, position) => ({ ...l, position, invoiceId }));

async function writeInvoice(tx: Tx, input: IssueInvoiceInput, total: number, parties: { seller: SellerSnapshot; buyer: BuyerSnapshot }, number: string) {
  const invoice = await writeInvoiceRow(tx, input, total, parties, number);
  // Two statements (a nested create is three: it reads the invoice back).
  const lines = linesSql(numberedLines(input, invoice.id));
  if (lines) await tx.$executeRaw(lines);
  return invoice;
}

function writeInvoiceRow(tx: Tx, input: IssueInvoiceInput, total: number, parties: { seller: SellerSnapshot; buyer: BuyerSnapshot }, number: string) {
  return tx.invoice.create({
    data: {
      number,
      bookingId: input.bookingId,
      kind: input.kind,
      issuedAt: input.issuedAt,
      dueAt: input.dueAt,
      periodStart: input.periodStart ? dateColumn(input.periodStart) : null,
      periodEnd: input.periodEnd ? dateColumn(input.periodEnd) : null,
      totalSatang: total,
      vatSatang: input.vatSatang,
      dedupeKey: input.dedupeKey ?? null,
      seller: { ...parties.seller },
      buyer: { ...parties.buyer },
    },
  });
}

async function readParties(tx: Tx, bookingId: string): Promise<{ seller: SellerSnapshot; buyer: BuyerSnapshot }> {
  const booking = await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { customer: true } });
  return { seller: await sellerSnapshot(tx), buyer: buyerSnapshot(booking.customer) };
}

/**
 * issueInvoice for many invoices in one transaction (the billing job's renewals, README "Performance → Scale"): the same
 * checks, consecutive numbers in the order given, the parties as the caller read them, and three statements whatever the
 * count. Each input needs its dedupeKey (how the created rows are matched back); a key already used fails the whole
 * transaction (unique), as it fails one issueInvoice.
 */
export async function issueInvoices(tx: Tx, inputs: (IssueInvoiceInput & { dedupeKey: string; parties: NonNullable<IssueInvoiceInput['parties']> })[]) {
  if (!inputs.length) return [];
  const totals = inputs.map(checkedTotal);
  const issuedAt = inputs[0].issuedAt;
  if (inputs.some((i) => documentYear(i.issuedAt) !== documentYear(issuedAt))) throw new InvoiceError('one batch of invoices is numbered in one year');
  const numbers = await nextDocumentNumbers(tx, 'INV', issuedAt, inputs.length);
  const created = await tx.invoice.createManyAndReturn({
    data: inputs.map((input, k) => ({
      number: numbers[k],
      bookingId: input.bookingId,
      kind: input.kind,
      issuedAt: input.issuedAt,
      dueAt: input.dueAt,
      periodStart: input.periodStart ? dateColumn(input.periodStart) : null,
      periodEnd: input.periodEnd ? dateColumn(input.periodEnd) : null,
      totalSatang: totals[k],
      vatSatang: input.vatSatang,
      dedupeKey: input.dedupeKey,
      seller: { ...input.parties.seller },
      buyer: { ...input.parties.buyer },
    })),
    select: { id: true, number: true, totalSatang: true, dedupeKey: true },
  });
  const byKey = new Map(created.map((c) => [c.dedupeKey, c]));
  const invoices = inputs.map((input) => byKey.get(input.dedupeKey)!);
  const lines = linesSql(inputs.flatMap((input, k) => numberedLines(input, invoices[k].id)));
  if (lines) await tx.$executeRaw(lines);
  return invoices;
}

/**
 * The lines of one or many invoices in one statement. Plain SQL rather than createMany, whose query plan Prisma compiles
 * anew each time (enqueueTasks, lib/platform/tasks/queue.ts): every booking submit writes its invoice's lines. Run on
 * its own, or beside another statement's work (issueInvoiceNumberedLast); null: no lines.
 */
function linesSql(lines: readonly (InvoiceLineInput & { position: number; invoiceId: string })[]): Prisma.Sql | null {
  if (!lines.length) return null;
  return Prisma.sql`
    INSERT INTO invoice_lines (id, invoice_id, kind, description, quantity, unit_satang, amount_satang, position)
    SELECT t.id, t.invoice_id, t.kind::"InvoiceLineKind", t.description, t.quantity, t.unit_satang, t.amount_satang, t.position
    FROM unnest(
      ${lines.map(() => crypto.randomUUID())}::text[],
      ${lines.map((l) => l.invoiceId)}::text[],
      ${lines.map((l) => l.kind)}::text[],
      ${lines.map((l) => l.description)}::text[],
      ${lines.map((l) => l.quantity)}::int[],
      ${lines.map((l) => l.unitSatang)}::int[],
      ${lines.map((l) => l.amountSatang)}::int[],
      ${lines.map((l) => l.position)}::int[]
    ) AS t(id, invoice_id, kind, description, quantity, unit_satang, amount_satang, position)`;
}
