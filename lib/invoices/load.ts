import 'server-only';
import type { Db } from '@/lib/db';
import { getStaffUser, hasRole } from '@/lib/auth/staff';
import { asBuyer, asSeller } from './parties';
import { mayViewInvoice } from './access';
import { invoiceDocument } from './document';

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
