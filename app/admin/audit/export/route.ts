import { adminRoute } from '@/lib/admin/guard';
import { auditFiltersSchema, auditListCsv } from '@/lib/admin/audit-list';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';
import { recordExportDownload } from '@/lib/audit/staff-reads';

export const dynamic = 'force-dynamic';

/** GET /admin/audit/export?<the log's filters and sort> — the audit log's rows as CSV (admins, as the page; logged). */
export async function GET(request: Request) {
  const admin = await adminRoute('audit');
  if (!admin) return new Response('Not found', { status: 404 });
  const { user, db } = admin;
  const { page: _page, ...filters } = auditFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await auditListCsv(db, { ...filters, page: 1 });
  await recordExportDownload(db, user, 'audit-log', filters);
  return csvResponse(csv, 'audit-log');
}
