import 'server-only';
import crypto from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { Db } from '@/lib/db';
import type { StaffUser } from '@/lib/auth/staff';
import { recordAudit } from '@/lib/audit';
import { putStoredFile, readStoredFile } from '@/lib/uploads/files';
import { IdentityError } from './documents';

/**
 * Masking an identity document (docs/product-rules.md#personal-data-pdpa): staff draw rectangles over what the site
 * must not keep (a Thai ID card's religion and blood type, a passport's MRZ if they wish) and the rectangles are burnt
 * into the picture in solid black. The masked picture replaces the original in the same transaction: the original's
 * bytes are deleted, so what is verified and kept is only the masked image. Images only; a PDF cannot be masked here
 * (staff reject it and ask for a photo if it shows what it should not).
 */
export const MAX_MASKS = 30;

/** A rectangle as fractions of the picture's width and height (0…1), so the screen's scale does not matter. */
export interface MaskRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

type Actor = Pick<StaffUser, 'id' | 'email'>;
const MASKABLE: Record<string, { ext: string; mimeType: string; encode: (s: Sharp) => Sharp }> = {
  'image/jpeg': { ext: 'jpg', mimeType: 'image/jpeg', encode: (s) => s.jpeg({ quality: 90, mozjpeg: true }) },
  'image/webp': { ext: 'webp', mimeType: 'image/webp', encode: (s) => s.webp({ quality: 90 }) },
  'image/png': { ext: 'png', mimeType: 'image/png', encode: (s) => s.png() },
  // A GIF keeps its first frame, as a PNG: a mask must cover every frame, and the document is one picture.
  'image/gif': { ext: 'png', mimeType: 'image/png', encode: (s) => s.png() },
};

/** The rectangles in whole pixels of a width × height picture, clipped to it; empty ones dropped. */
export function pixelRects(rects: readonly MaskRect[], width: number, height: number) {
  return rects
    .map((r) => {
      const left = Math.max(0, Math.floor(Math.min(r.x, r.x + r.w) * width));
      const top = Math.max(0, Math.floor(Math.min(r.y, r.y + r.h) * height));
      const right = Math.min(width, Math.ceil(Math.max(r.x, r.x + r.w) * width));
      const bottom = Math.min(height, Math.ceil(Math.max(r.y, r.y + r.h) * height));
      return { left, top, width: right - left, height: bottom - top };
    })
    .filter((r) => r.width > 0 && r.height > 0);
}

/** Burns the rectangles into the picture in black; answers the new bytes in the stored format (GIF → PNG). */
export async function burnMasks(bytes: Uint8Array, mimeType: string, rects: readonly MaskRect[]) {
  const format = MASKABLE[mimeType];
  if (!format) throw new IdentityError('not_maskable');
  const image = sharp(bytes, { limitInputPixels: 60_000_000 });
  const { width, height } = await image.metadata();
  if (!width || !height) throw new IdentityError('not_maskable');
  const boxes = pixelRects(rects, width, height);
  const black = (w: number, h: number) => ({ create: { width: w, height: h, channels: 3 as const, background: { r: 0, g: 0, b: 0 } } });
  const out = await format.encode(image.composite(boxes.map((b) => ({ input: black(b.width, b.height), left: b.left, top: b.top })))).toBuffer();
  return { bytes: new Uint8Array(out), mimeType: format.mimeType, ext: format.ext, boxes };
}

/**
 * Masks one identity document still waiting to be checked: the masked picture is stored under a new key and the
 * original deleted, in one transaction, with an audit row `identity.mask` (how many rectangles, never where).
 */
export async function maskIdentityDocument(db: Db, documentId: string, rects: readonly MaskRect[], actor: Actor, now: Date = new Date()) {
  if (rects.length === 0 || rects.length > MAX_MASKS) throw new IdentityError('not_maskable');
  const doc = await db.identityDocument.findUnique({ where: { id: documentId }, select: { id: true, bookingId: true, status: true, storageKey: true, mimeType: true, fileName: true } });
  if (!doc?.storageKey || doc.status !== 'pending') throw new IdentityError('nothing_pending');
  const file = await readStoredFile(db, doc.storageKey);
  if (!file) throw new IdentityError('nothing_pending');
  const masked = await burnMasks(file.bytes, doc.mimeType, rects);
  if (!masked.boxes.length) throw new IdentityError('not_maskable');
  const key = `identity/${crypto.randomBytes(16).toString('hex')}.${masked.ext}`;
  const fileName = doc.fileName.replace(/\.[a-z0-9]+$/i, '') + `.${masked.ext}`;
  await db.$transaction(async (tx) => {
    // Only while still pending and still the same file: two staff masking at once cannot both replace it.
    const { count } = await tx.identityDocument.updateMany({
      where: { id: doc.id, status: 'pending', storageKey: doc.storageKey },
      data: { storageKey: key, mimeType: masked.mimeType, sizeBytes: masked.bytes.byteLength, fileName, maskedAt: now },
    });
    if (!count) throw new IdentityError('nothing_pending');
    await putStoredFile(tx, { key, mimeType: masked.mimeType, bytes: masked.bytes });
    await tx.storedFile.deleteMany({ where: { key: doc.storageKey! } });
    await recordAudit(tx, { actor, action: 'identity.mask', entity: 'booking', entityId: doc.bookingId, after: { documentId: doc.id, rectangles: masked.boxes.length } });
  });
  return { bookingId: doc.bookingId, storageKey: key, rectangles: masked.boxes.length };
}

/** What the masking screen needs of a document: null unless it is a picture still waiting to be checked. */
export async function maskableDocument(db: Db, documentId: string) {
  const doc = await db.identityDocument.findUnique({ where: { id: documentId }, select: { id: true, bookingId: true, kind: true, status: true, storageKey: true, mimeType: true, fileName: true, maskedAt: true } });
  return doc?.storageKey && doc.status === 'pending' && MASKABLE[doc.mimeType] ? doc : null;
}
