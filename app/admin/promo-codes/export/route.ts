import { adminRoute } from '@/lib/admin/guard';
import { promoFiltersSchema, promoListCsv } from '@/lib/admin/promo-list';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';
import { recordExportDownload } from '@/lib/audit/staff-reads';

export const dynamic = 'force-dynamic';

/** GET /admin/promo-codes/export?<the list's filters and sort> — the promo codes as CSV (admins, as the page; logged). */
export async function GET(request: Request) {
  const admin = await adminRoute('promoCodes');
  if (!admin) return new Response('Not found', { status: 404 });
  const { user, db } = admin;
  const { page: _page, ...filters } = promoFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await promoListCsv(db, { ...filters, page: 1 });
  await recordExportDownload(db, user, 'promo-codes-list', filters);
  return csvResponse(csv, 'promo-codes');
}
