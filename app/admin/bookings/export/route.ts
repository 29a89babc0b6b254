import { adminRouteUser } from '@/lib/admin/guard';
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { bookingFiltersSchema } from '@/lib/admin/bookings';
import { bookingListCsv } from '@/lib/admin/export';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';

export const dynamic = 'force-dynamic';

/** GET /admin/bookings/export?<the list's filters and sort> — the bookings list's rows as CSV (staff; logged). */
export async function GET(request: Request) {
  const user = await adminRouteUser('bookings');
  if (!user) return new Response('Not found', { status: 404 });
  const { page: _page, ...filters } = bookingFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await bookingListCsv(db, { ...filters, page: 1 });
  // Customer data leaving the system is a change worth a line in the log.
  await db.$transaction((tx) => recordAudit(tx, { actor: user, action: 'export.download', entity: 'export', entityId: 'bookings-list', after: filters }));
  return csvResponse(csv, 'bookings');
}
