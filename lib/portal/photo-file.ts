import 'server-only';
import { db } from '@/lib/db';
import { readStoredFile } from '@/lib/uploads/files';
import { portalBookingId } from './access';

/**
 * A condition photo's file (docs/product-rules.md#condition-photos) for staff, or for the rental's own customer (the
 * portal's signed link or 'My Storage' session, as the booking page itself); null for anyone else and for a photo
 * that does not exist, so the route's 404 reveals nothing.
 */
export async function conditionPhotoFile(id: string, viewer: { staff: true } | { reference: string; token: string | null }) {
  const photo = await db.conditionPhoto.findUnique({ where: { id }, select: { bookingId: true, storageKey: true, mimeType: true } });
  if (!photo) return null;
  if (!('staff' in viewer) && (await portalBookingId(db, viewer.reference, viewer.token)) !== photo.bookingId) return null;
  const file = await readStoredFile(db, photo.storageKey);
  return file ? { bytes: file.bytes, mimeType: photo.mimeType } : null;
}
