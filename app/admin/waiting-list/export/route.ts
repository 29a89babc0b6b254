import { adminRoute } from '@/lib/admin/guard';
import { waitingFiltersSchema, waitingListCsv } from '@/lib/admin/waiting-list';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';
import { recordExportDownload } from '@/lib/audit/staff-reads';

export const dynamic = 'force-dynamic';

/** GET /admin/waiting-list/export?<the list's filters and sort> — the waiting list's rows as CSV (staff; logged). */
export async function GET(request: Request) {
  const admin = await adminRoute('waitingList');
  if (!admin) return new Response('Not found', { status: 404 });
  const { user, db } = admin;
  const { page: _page, ...filters } = waitingFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await waitingListCsv(db, { ...filters, page: 1 });
  await recordExportDownload(db, user, 'waiting-list', filters);
  return csvResponse(csv, 'waiting-list');
}
