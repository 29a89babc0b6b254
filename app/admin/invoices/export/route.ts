import { adminRoute } from '@/lib/admin/guard';
import { invoiceFiltersSchema } from '@/lib/admin/invoice-list';
import { invoiceListCsv } from '@/lib/admin/export';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';
import { recordExportDownload } from '@/lib/audit/staff-reads';

export const dynamic = 'force-dynamic';

/** GET /admin/invoices/export?<the list's filters and sort> — the invoice list's rows as CSV (staff; logged). */
export async function GET(request: Request) {
  const admin = await adminRoute('invoices');
  if (!admin) return new Response('Not found', { status: 404 });
  const { user, db } = admin;
  const { page: _page, ...filters } = invoiceFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await invoiceListCsv(db, { ...filters, page: 1 });
  await recordExportDownload(db, user, 'invoices-list', filters);
  return csvResponse(csv, 'invoices');
}
