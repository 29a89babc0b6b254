import { adminRouteUser } from '@/lib/admin/guard';
import { db } from '@/lib/db';
import { readStoredFile } from '@/lib/uploads/files';

export const dynamic = 'force-dynamic';

const notFound = () => new Response('Not found', { status: 404 });

/**
 * A customer's identity document, for staff only (docs/product-rules.md#identity-and-gate-access), served as payment
 * proofs are (app/admin/proofs/[id]/route.ts): the type sniffed at upload, a restrictive CSP, never cached.
 */
export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  const user = await adminRouteUser('identity');
  if (!user) return notFound();
  const { id } = await ctx.params;
  const doc = await db.identityDocument.findUnique({ where: { id }, select: { storageKey: true, mimeType: true, fileName: true } });
  if (!doc?.storageKey) return notFound();
  const file = await readStoredFile(db, doc.storageKey);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': doc.mimeType,
      'content-disposition': `inline; filename="${encodeURIComponent(doc.fileName)}"`,
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
