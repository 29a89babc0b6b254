import { adminRoute } from '@/lib/admin/guard';
import { bookingFiltersSchema } from '@/lib/admin/bookings';
import { bookingListCsv } from '@/lib/admin/export';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';
import { recordExportDownload } from '@/lib/audit/staff-reads';

export const dynamic = 'force-dynamic';

/** GET /admin/bookings/export?<the list's filters and sort> — the bookings list's rows as CSV (staff; logged). */
export async function GET(request: Request) {
  const admin = await adminRoute('bookings');
  if (!admin) return new Response('Not found', { status: 404 });
  const { user, db } = admin;
  const { page: _page, ...filters } = bookingFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await bookingListCsv(db, { ...filters, page: 1 });
  // Customer data leaving the system is a change worth a line in the log.
  await recordExportDownload(db, user, 'bookings-list', filters);
  return csvResponse(csv, 'bookings');
}
