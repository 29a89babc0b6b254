import { adminRouteUser } from '@/lib/admin/guard';
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { auditFiltersSchema, auditListCsv } from '@/lib/admin/audit-list';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';

export const dynamic = 'force-dynamic';

/** GET /admin/audit/export?<the log's filters and sort> — the audit log's rows as CSV (admins, as the page; logged). */
export async function GET(request: Request) {
  const user = await adminRouteUser('audit');
  if (!user) return new Response('Not found', { status: 404 });
  const { page: _page, ...filters } = auditFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await auditListCsv(db, { ...filters, page: 1 });
  await db.$transaction((tx) => recordAudit(tx, { actor: user, action: 'export.download', entity: 'export', entityId: 'audit-log', after: filters }));
  return csvResponse(csv, 'audit-log');
}
