import { adminRoute } from '@/lib/admin/guard';
import { unitFiltersSchema, unitListCsv } from '@/lib/admin/unit-list';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';
import { recordExportDownload } from '@/lib/audit/staff-reads';

export const dynamic = 'force-dynamic';

/** GET /admin/units/export?<the list's filters and sort> — the units list's rows as CSV (staff; logged). */
export async function GET(request: Request) {
  const admin = await adminRoute('units');
  if (!admin) return new Response('Not found', { status: 404 });
  const { user, db } = admin;
  const { page: _page, ...filters } = unitFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await unitListCsv(db, { ...filters, page: 1 });
  await recordExportDownload(db, user, 'units-list', filters);
  return csvResponse(csv, 'units');
}
