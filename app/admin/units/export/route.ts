import { adminRouteUser } from '@/lib/admin/guard';
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { unitFiltersSchema, unitListCsv } from '@/lib/admin/unit-list';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';

export const dynamic = 'force-dynamic';

/** GET /admin/units/export?<the list's filters and sort> — the units list's rows as CSV (staff; logged). */
export async function GET(request: Request) {
  const user = await adminRouteUser('units');
  if (!user) return new Response('Not found', { status: 404 });
  const { page: _page, ...filters } = unitFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await unitListCsv(db, { ...filters, page: 1 });
  await db.$transaction((tx) => recordAudit(tx, { actor: user, action: 'export.download', entity: 'export', entityId: 'units-list', after: filters }));
  return csvResponse(csv, 'units');
}
