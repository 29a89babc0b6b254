import { adminRouteUser } from '@/lib/admin/guard';
import { db } from '@/lib/db';
import { readStoredFile } from '@/lib/uploads/files';

export const dynamic = 'force-dynamic';

const notFound = () => new Response('Not found', { status: 404 });

/**
 * A payment proof file, for staff only, shown inline on the booking review. Served with the type sniffed at upload and
 * a restrictive CSP (images also sandboxed; Chromium's PDF viewer refuses sandboxed documents), so a crafted file
 * cannot run script in the admin's origin. Read from the database, so every server shows it (lib/uploads/files.ts).
 */
export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  const user = await adminRouteUser('proofs');
  if (!user) return notFound();
  const { id } = await ctx.params;
  const proof = await db.paymentProof.findUnique({ where: { id }, select: { storagePath: true, mimeType: true, fileName: true } });
  if (!proof) return notFound();
  const file = await readStoredFile(db, proof.storagePath);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': proof.mimeType,
      'content-disposition': `inline; filename="${encodeURIComponent(proof.fileName)}"`,
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
