import { adminRoute } from '@/lib/admin/guard';
import { readStoredFile } from '@/lib/uploads/files';
import { paymentProofFile } from '@/lib/admin/section-reads';
import { uploadedFileNotFound } from '@/lib/security/csp';

export const dynamic = 'force-dynamic';

// Its 404 carries the route's own sandbox policy too (docs/product-rules.md#security-headers, "Uploaded files").
const notFound = uploadedFileNotFound;

/**
 * A payment proof file, for staff only, shown inline on the booking review. Served with the type sniffed at upload and
 * a restrictive CSP (images also sandboxed; Chromium's PDF viewer refuses sandboxed documents), so a crafted file
 * cannot run script in the admin's origin. Read from the database, so every server shows it (lib/uploads/files.ts).
 */
export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  const admin = await adminRoute('proofs');
  if (!admin) return notFound();
  const { db } = admin;
  const { id } = await ctx.params;
  const proof = await paymentProofFile(db, id);
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
