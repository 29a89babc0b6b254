import { adminRoute } from '@/lib/admin/guard';
import { exportSubject } from '@/lib/privacy/subject';

export const dynamic = 'force-dynamic';

/** GET /admin/privacy/export?email=…&format=json|txt — admins only; each download is an audit row (privacy.export). */
export async function GET(request: Request) {
  const admin = await adminRoute('privacy');
  if (!admin) return new Response('Not found', { status: 404 });
  const url = new URL(request.url);
  const email = (url.searchParams.get('email') ?? '').trim().toLowerCase();
  const format = url.searchParams.get('format') === 'txt' ? 'txt' : 'json';
  if (!/^[^\s@]{1,64}@[^\s@]{1,190}$/.test(email)) return new Response('email is required', { status: 400 });
  const { json, summary } = await exportSubject(admin.db, email, admin.user);
  const name = `personal-data-${email.replace(/[^a-z0-9.@_-]/g, '_')}.${format}`;
  return new Response(format === 'json' ? json : summary, {
    headers: {
      'content-type': format === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
    },
  });
}
