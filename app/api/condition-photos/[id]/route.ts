import { getStaffUser, hasRole } from '@/lib/auth/staff';
import { db } from '@/lib/db';
import { portalBookingId } from '@/lib/portal/access';
import { readStoredFile } from '@/lib/uploads/files';
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
  const photo = await db.conditionPhoto.findUnique({ where: { id }, select: { bookingId: true, storageKey: true, mimeType: true } });
  if (!photo) return notFound();
  const staff = hasRole(await getStaffUser(), 'staff');
  if (!staff) {
    const url = new URL(request.url);
    const bookingId = await portalBookingId(db, url.searchParams.get('reference') ?? '', url.searchParams.get('token'));
    if (bookingId !== photo.bookingId) return notFound();
  }
  const file = await readStoredFile(db, photo.storageKey);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': photo.mimeType,
      'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    },
  });
}
