import 'server-only';
import { db, type Db } from '@/lib/db';
import { getStaffUser, hasRole } from '@/lib/auth/staff';
import { asBuyer, asSeller } from './parties';
import { mayViewInvoice } from './access';
import { invoiceDocument } from './document';
import { creditNoteDocument } from './credit-note-document';

const ID_RE = /^[a-z0-9]{10,40}$/i;

const include = {
  lines: true,
  creditNotes: { orderBy: { issuedAt: 'asc' as const } },
  withholdingCertificate: true,
  payments: { orderBy: { createdAt: 'desc' as const }, include: { proofs: { select: { id: true, fileName: true, uploadedAt: true, status: true } } } },
  booking: { include: { customer: true, unitType: { select: { code: true, name: true } }, unit: { select: { number: true } } } },
};

export async function loadInvoice(db: Db, invoiceId: string) {
  if (!ID_RE.test(invoiceId)) return null;
  return db.invoice.findUnique({ where: { id: invoiceId }, include });
}
export type LoadedInvoice = NonNullable<Awaited<ReturnType<typeof loadInvoice>>>;

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/**
 * The invoice when the request may see it: its signed link (`token`), the customer's portal link (`ref` + `ptoken`)
 * or a signed-in staff member. Otherwise null, and the page shows nothing: a guessed id reveals nothing.
 */
export async function loadAuthorizedInvoice(db: Db, invoiceId: string, params: Params): Promise<LoadedInvoice | null> {
  const invoice = await loadInvoice(db, invoiceId);
  if (!invoice) return null;
  const credentials = { token: one(params.token), reference: one(params.ref), portalToken: one(params.ptoken) };
  if (mayViewInvoice(invoice, credentials)) return invoice;
  const staff = await getStaffUser().catch(() => null);
  return mayViewInvoice(invoice, { staff: hasRole(staff, 'staff') }) ? invoice : null;
}

export function documentOf(invoice: LoadedInvoice) {
  return invoiceDocument({
    number: invoice.number,
    kind: invoice.kind,
    status: invoice.status,
    issuedAt: invoice.issuedAt,
    dueAt: invoice.dueAt,
    paidAt: invoice.paidAt,
    totalSatang: invoice.totalSatang,
    vatSatang: invoice.vatSatang,
    seller: asSeller(invoice.seller),
    buyer: asBuyer(invoice.buyer),
    reference: invoice.booking.reference,
    lines: invoice.lines,
    creditNotes: invoice.creditNotes,
    withholdingCertificate: invoice.withholdingCertificate,
    payments: invoice.payments
      .filter((p) => (p.status === 'paid' || p.status === 'refunded') && p.paidAt)
      .map((p) => ({ method: p.method, amountSatang: p.amountSatang, paidAt: p.paidAt! }))
      .sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime()),
  });
}

/** `loadAuthorizedInvoice` on the app's database: the invoice pages, the payment result pages and the PDF route. */
export function invoiceForRequest(invoiceId: string, params: Params): Promise<LoadedInvoice | null> {
  return loadAuthorizedInvoice(db, invoiceId, params);
}

/**
 * One credit note with its invoice, as its page and PDF show it, when the request may see the invoice it corrects
 * (the same links: the invoice's signed token, the portal's, or staff). The note must belong to that invoice.
 */
export async function loadAuthorizedCreditNote(db: Db, invoiceId: string, noteId: string, params: Params) {
  if (!ID_RE.test(noteId)) return null;
  const invoice = await loadAuthorizedInvoice(db, invoiceId, params);
  return invoice ? creditNoteOf(invoice, noteId) : null;
}

/** `loadAuthorizedCreditNote` on the app's database: the credit note's PDF route. */
export function creditNoteForRequest(invoiceId: string, noteId: string, params: Params) {
  return loadAuthorizedCreditNote(db, invoiceId, noteId, params);
}

/** One credit note of a loaded invoice as its page and PDF show it (no access check: the caller has done it). */
export function creditNoteOf(invoice: LoadedInvoice, noteId: string) {
  const note = invoice.creditNotes.find((c) => c.id === noteId);
  if (!note) return null;
  // invoice.creditNotes are ordered by issue time; numbers break ties (gapless, so they sort like the time).
  const ordered = [...invoice.creditNotes].sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number));
  const earlier = ordered.slice(0, ordered.findIndex((c) => c.id === note.id));
  const vatable = invoice.lines.filter((l) => l.kind !== 'deposit' && l.kind !== 'withholding_tax').reduce((a, l) => a + l.amountSatang, 0);
  return {
    invoice,
    note,
    document: creditNoteDocument({
      number: note.number,
      issuedAt: note.issuedAt,
      reason: note.reason,
      amountSatang: note.amountSatang,
      vatSatang: note.vatSatang,
      seller: asSeller(note.seller ?? invoice.seller),
      // A credit note carries the buyer of the invoice it corrects, as that invoice printed it.
      buyer: asBuyer(note.buyer ?? invoice.buyer),
      invoice: { number: invoice.number, issuedAt: invoice.issuedAt, reference: invoice.booking.reference, vatableSatang: vatable, vatSatang: invoice.vatSatang },
      earlier,
    }),
  };
}
