import 'server-only';
import { MAX_UPLOAD_BYTES } from '@/lib/uploads/limits';
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '@/lib/db';
import type { ConditionStage } from '@/generated/prisma/enums';
import { recordAudit } from '@/lib/audit';
import type { StaffUser } from '@/lib/auth/staff';
import { sniffProofType } from '@/lib/payments/proofs/proof-store';
import { putStoredFile } from '@/lib/uploads/files';
import { Refusal } from '@/lib/actions/refusal';
import { isUploadErrorCode, uploadErrorText } from '@/lib/uploads/messages';
import { translator } from '@/lib/i18n/translator';

/**
 * Condition photos (docs/product-rules.md#condition-photos): staff (booking review) or the customer (portal) add photos
 * of the unit at move-in and move-out with a note; each is decoded, turned upright, resized to at most PHOTO_MAX_SIDE
 * pixels and stored as JPEG without its metadata (camera, GPS), timestamped, shown to both sides, and a deposit
 * deduction can cite them (Refund.photoIds).
 */
export const MAX_PHOTO_BYTES = MAX_UPLOAD_BYTES;
export const PHOTO_MAX_SIDE = 1600;

export type PhotoErrorCode = 'not_allowed' | 'file_size' | 'photo_type';
export class PhotoError extends Refusal {
  constructor(readonly code: PhotoErrorCode) {
    super(code);
  }
  say(locale: string): string {
    return isUploadErrorCode(this.code) ? uploadErrorText(locale, this.code) : translator(locale, 'moveIn')(`errors.${this.code}`);
  }
}

/** Customers add photos while the rental runs; staff also after the move-out (the deposit is settled then). */
export function canAddPhotos(status: string, by: 'staff' | 'customer'): boolean {
  return ['confirmed', 'active'].includes(status) || (by === 'staff' && status === 'ended');
}

/** The photo as stored: upright, at most PHOTO_MAX_SIDE on its longer side, JPEG, no metadata; null when not an image. */
export async function resizePhoto(bytes: Uint8Array): Promise<Uint8Array | null> {
  const kind = sniffProofType(bytes);
  if (!kind || kind.mimeType === 'application/pdf') return null;
  try {
    const out = await sharp(bytes, { limitInputPixels: 60_000_000 })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return new Uint8Array(out);
  } catch {
    return null;
  }
}

export async function addConditionPhoto(
  db: Db,
  bookingId: string,
  input: { stage: ConditionStage; bytes: Uint8Array; note: string },
  by: { staff: Pick<StaffUser, 'id' | 'email'> } | { customer: true },
): Promise<string> {
  const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { status: true } });
  if (!canAddPhotos(b.status, 'staff' in by ? 'staff' : 'customer')) throw new PhotoError('not_allowed');
  if (input.bytes.byteLength === 0 || input.bytes.byteLength > MAX_PHOTO_BYTES) throw new PhotoError('file_size');
  const jpeg = await resizePhoto(input.bytes);
  if (!jpeg) throw new PhotoError('photo_type');
  const key = `condition/${crypto.randomBytes(16).toString('hex')}.jpg`;
  return db.$transaction(async (tx) => {
    await putStoredFile(tx, { key, mimeType: 'image/jpeg', bytes: jpeg });
    const photo = await tx.conditionPhoto.create({
      data: { bookingId, stage: input.stage, storageKey: key, mimeType: 'image/jpeg', note: input.note, addedBy: 'staff' in by ? by.staff.email : 'customer' },
    });
    await recordAudit(tx, { actor: 'staff' in by ? by.staff : null, action: 'condition_photo.add', entity: 'booking', entityId: bookingId, after: { photoId: photo.id, stage: input.stage } });
    return photo.id;
  });
}

/** The address a photo is shown at: staff open it directly, the customer through their portal link or session. */
export function photoUrl(id: string, portal?: { reference: string; token?: string }): string {
  if (!portal) return `/api/condition-photos/${id}`;
  const q = new URLSearchParams({ reference: portal.reference, ...(portal.token ? { token: portal.token } : {}) });
  return `/api/condition-photos/${id}?${q}`;
}
