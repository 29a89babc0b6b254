import { adminRouteUser } from '@/lib/admin/guard';
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { paymentFiltersSchema } from '@/lib/admin/payment-list';
import { paymentListCsv } from '@/lib/admin/export';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';

export const dynamic = 'force-dynamic';

/** GET /admin/payments/all/export?<the list's filters and sort> — the payments list's rows as CSV (staff; logged). */
export async function GET(request: Request) {
  const user = await adminRouteUser('payments');
  if (!user) return new Response('Not found', { status: 404 });
  const { page: _page, ...filters } = paymentFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await paymentListCsv(db, { ...filters, page: 1 });
  await db.$transaction((tx) => recordAudit(tx, { actor: user, action: 'export.download', entity: 'export', entityId: 'payments-list', after: filters }));
  return csvResponse(csv, 'payments');
}
