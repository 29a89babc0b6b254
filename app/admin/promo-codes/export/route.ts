import { adminRouteUser } from '@/lib/admin/guard';
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { promoFiltersSchema, promoListCsv } from '@/lib/admin/promo-list';
import { flatParams } from '@/lib/admin/list-query';
import { csvResponse } from '@/lib/admin/csv-response';

export const dynamic = 'force-dynamic';

/** GET /admin/promo-codes/export?<the list's filters and sort> — the promo codes as CSV (admins, as the page; logged). */
export async function GET(request: Request) {
  const user = await adminRouteUser('promoCodes');
  if (!user) return new Response('Not found', { status: 404 });
  const { page: _page, ...filters } = promoFiltersSchema.parse(flatParams(new URL(request.url).searchParams));
  const csv = await promoListCsv(db, { ...filters, page: 1 });
  await db.$transaction((tx) => recordAudit(tx, { actor: user, action: 'export.download', entity: 'export', entityId: 'promo-codes-list', after: filters }));
  return csvResponse(csv, 'promo-codes');
}
