import 'server-only';
import { db } from '@/lib/db';
import { getSettings } from '@/lib/settings';
import { loadAuthorizedInvoice, loadInvoice, type LoadedInvoice } from '@/lib/invoices/load';

type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** The invoice a payment-instructions link names: by an invoice's signed link, or a booking's first invoice (id and reference, as on the success page). */
async function findInvoice(sp: SearchParams): Promise<LoadedInvoice | null> {
  const invoiceId = one(sp.invoice);
  if (invoiceId) return loadAuthorizedInvoice(db, invoiceId, sp);
  const bookingId = one(sp.bookingId);
  const reference = one(sp.bookingReference);
  if (!/^[a-z0-9]{10,40}$/i.test(bookingId) || !/^BF2-[0-9A-Z]{8}$/.test(reference)) return null;
  const first = await db.invoice.findFirst({ where: { booking: { id: bookingId, reference }, kind: 'initial' }, select: { id: true } });
  return first ? loadInvoice(db, first.id) : null;
}

/** What the payment-instructions page shows: the invoice (null: the link no longer opens) and the bank and contact settings. */
export async function paymentInstructionsView(sp: SearchParams) {
  const invoice = await findInvoice(sp);
  if (!invoice) return null;
  return { invoice, ...(await getSettings(db, ['bank', 'contact', 'hours'])) };
}
