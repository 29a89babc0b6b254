import { adminRoute } from '@/lib/admin/guard';
import { exportCsv, isExportKind } from '@/lib/admin/export';
import { recordExportDownload } from '@/lib/audit/staff-reads';

export const dynamic = 'force-dynamic';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** GET /admin/exports/{bookings|invoices|payments|refunds}?from=YYYY-MM-DD&to=YYYY-MM-DD — admins only; logged. */
export async function GET(request: Request, ctx: { params: Promise<{ kind: string }> }) {
  const admin = await adminRoute('exports');
  if (!admin) return new Response('Not found', { status: 404 });
  const { user, db } = admin;
  const { kind } = await ctx.params;
  if (!isExportKind(kind)) return new Response('Not found', { status: 404 });
  const url = new URL(request.url);
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  if ((from && !DATE.test(from)) || (to && !DATE.test(to))) return new Response('from and to must be YYYY-MM-DD', { status: 400 });
  const csv = await exportCsv(db, kind, { from: from || undefined, to: to || undefined });
  // Customer data leaving the system is a change worth a line in the log.
  await recordExportDownload(db, user, kind, { from, to });
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${kind}-${from || 'all'}-${to || 'now'}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}
