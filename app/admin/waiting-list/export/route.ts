import { adminRouteUser } from '@/lib/admin/guard';
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { waitingFiltersSchema, waitingListCsv } from '@/lib/admin/waiting-list';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';

export const dynamic = 'force-dynamic';

/** GET /admin/waiting-list/export?<the list's filters and sort> — the waiting list's rows as CSV (staff; logged). */
export async function GET(request: Request) {
  const user = await adminRouteUser('waitingList');
  if (!user) return new Response('Not found', { status: 404 });
  const { page: _page, ...filters } = waitingFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await waitingListCsv(db, { ...filters, page: 1 });
  await db.$transaction((tx) => recordAudit(tx, { actor: user, action: 'export.download', entity: 'export', entityId: 'waiting-list', after: filters }));
  return csvResponse(csv, 'waiting-list');
}
