import { adminRoute } from '@/lib/admin/guard';
import { paymentFiltersSchema } from '@/lib/admin/payment-list';
import { paymentListCsv } from '@/lib/admin/export';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';
import { recordExportDownload } from '@/lib/audit/staff-reads';

export const dynamic = 'force-dynamic';

/** GET /admin/payments/all/export?<the list's filters and sort> — the payments list's rows as CSV (staff; logged). */
export async function GET(request: Request) {
  const admin = await adminRoute('payments');
  if (!admin) return new Response('Not found', { status: 404 });
  const { user, db } = admin;
  const { page: _page, ...filters } = paymentFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await paymentListCsv(db, { ...filters, page: 1 });
  await recordExportDownload(db, user, 'payments-list', filters);
  return csvResponse(csv, 'payments');
}
