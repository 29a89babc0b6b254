import { adminRoute } from '@/lib/admin/guard';
import { readStoredFile } from '@/lib/uploads/files';
import { identityDocumentFile } from '@/lib/admin/section-reads';
import { recordIdentityView } from '@/lib/audit/staff-reads';
import { uploadedFileNotFound } from '@/lib/security/csp';

export const dynamic = 'force-dynamic';

// Its 404 carries the route's own sandbox policy too (docs/product-rules.md#security-headers, "Uploaded files").
const notFound = uploadedFileNotFound;

/**
 * A customer's identity document, for staff only (docs/product-rules.md#identity-and-gate-access), served as payment
 * proofs are (app/admin/proofs/[id]/route.ts): the type sniffed at upload, a restrictive CSP, never cached.
 */
export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  const admin = await adminRoute('identity');
  if (!admin) return notFound();
  const { db } = admin;
  const { id } = await ctx.params;
  const doc = await identityDocumentFile(db, id);
  if (!doc?.storageKey) return notFound();
  const file = await readStoredFile(db, doc.storageKey);
  if (!file) return notFound();
  await recordIdentityView(db, admin.user, doc, id);
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
