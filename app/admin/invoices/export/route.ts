import { adminRouteUser } from '@/lib/admin/guard';
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { invoiceFiltersSchema } from '@/lib/admin/invoice-list';
import { invoiceListCsv } from '@/lib/admin/export';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';

export const dynamic = 'force-dynamic';

/** GET /admin/invoices/export?<the list's filters and sort> — the invoice list's rows as CSV (staff; logged). */
export async function GET(request: Request) {
  const user = await adminRouteUser('invoices');
  if (!user) return new Response('Not found', { status: 404 });
  const { page: _page, ...filters } = invoiceFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await invoiceListCsv(db, { ...filters, page: 1 });
  await db.$transaction((tx) => recordAudit(tx, { actor: user, action: 'export.download', entity: 'export', entityId: 'invoices-list', after: filters }));
  return csvResponse(csv, 'invoices');
}
