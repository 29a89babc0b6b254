import { getStaffUser, hasRole } from '@/lib/auth/staff';
import { conditionPhotoFile } from '@/lib/portal/photo-file';
import { uploadedFileNotFound } from '@/lib/security/csp';

export const dynamic = 'force-dynamic';

// Its 404 carries the route's own sandbox policy too (docs/product-rules.md#security-headers, "Uploaded files").
const notFound = uploadedFileNotFound;

/**
 * A condition photo (docs/product-rules.md#condition-photos), for staff and for the rental's own customer (the portal's
 * signed link or 'My Storage' session, as the booking page itself); anyone else gets a 404 that reveals nothing.
 */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  const url = new URL(request.url);
  const staff = hasRole(await getStaffUser(), 'staff');
  const file = await conditionPhotoFile(id, staff ? { staff: true } : { reference: url.searchParams.get('reference') ?? '', token: url.searchParams.get('token') });
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.mimeType,
      'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    },
  });
}
