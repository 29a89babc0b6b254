import 'server-only';
import { MAX_UPLOAD_BYTES } from '@/lib/uploads/limits';
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '@/lib/db';
import type { PricingMode } from '@/generated/prisma/enums';
import { recordAudit } from '@/lib/audit';
import type { StaffUser } from '@/lib/auth/staff';
import { revalidatePublicData } from '@/lib/platform/cache/revalidate';
import { putStoredFile } from '@/lib/uploads/files';
import { CatalogFailure } from './failure';

type Actor = Pick<StaffUser, 'id' | 'email'>;
type Texts = { en: string; th: string; ru: string };

export interface UnitTypeChange {
  baseRate: number; // satang
  promoRate: number | null; // satang
  promotionActive: boolean;
  promotionStartsAt: Date | null;
  promotionEndsAt: Date | null;
  promotionalBanner: Texts;
  pricingMode: PricingMode;
  name: Texts;
  description: Texts;
  features: { en: string[]; th: string[]; ru: string[] };
  dimensions: string;
  displayOrder: number;
  isActive: boolean;
}

const PRICE_FIELDS = ['baseRate', 'promoRate', 'promotionActive', 'promotionStartsAt', 'promotionEndsAt', 'pricingMode'] as const;

/** Saves a unit type's prices and texts; the public listing and the wizard show them on the next request. */
export async function updateUnitType(db: Db, actor: Actor, code: string, change: Partial<UnitTypeChange>) {
  await db.$transaction(async (tx) => {
    const before = await tx.unitType.findUniqueOrThrow({ where: { code } });
    const after = await tx.unitType.update({ where: { code }, data: change });
    const pick = (t: typeof before) => ({ ...Object.fromEntries(PRICE_FIELDS.map((k) => [k, t[k]])), name: t.name, isActive: t.isActive, displayOrder: t.displayOrder, promotionalBanner: t.promotionalBanner, description: t.description, features: t.features });
    await recordAudit(tx, { actor, action: 'unitType.update', entity: 'unitType', entityId: before.id, before: pick(before), after: pick(after) });
  });
  revalidatePublicData('catalogue');
}

export const MAX_IMAGE_BYTES = MAX_UPLOAD_BYTES;
/** Pictures are stored once, 1,200 px wide at most, as WebP: sharp decodes whatever was sent and re-encodes it. */
const IMAGE_WIDTH = 1200;

/** Resizes an upload, stores it (in the database: lib/uploads/files.ts) and adds it to the type (first picture becomes the main one). */
export async function addUnitTypeImage(db: Db, actor: Actor, code: string, bytes: Uint8Array, alt: string) {
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_IMAGE_BYTES) throw new CatalogFailure('image', 'image_size');
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize({ width: IMAGE_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new CatalogFailure('image', 'image_invalid');
  }
  const file = `${crypto.randomBytes(12).toString('hex')}.webp`;
  await putStoredFile(db, { key: `unit-types/${file}`, mimeType: 'image/webp', bytes: output });
  const url = `/api/unit-images/${file}`;
  await db.$transaction(async (tx) => {
    const type = await tx.unitType.findUniqueOrThrow({ where: { code } });
    const count = await tx.unitImage.count({ where: { unitTypeId: type.id } });
    const image = await tx.unitImage.create({ data: { unitTypeId: type.id, url, alt, displayOrder: count } });
    if (!type.imageUrl || count === 0) await tx.unitType.update({ where: { id: type.id }, data: { imageUrl: url } });
    await recordAudit(tx, { actor, action: 'unitType.addImage', entity: 'unitType', entityId: type.id, after: { imageId: image.id, url } });
  });
  revalidatePublicData('catalogue');
  return url;
}

/** Makes a picture the main one, or removes it (the file stays until nothing points at it). */
export async function updateUnitTypeImage(db: Db, actor: Actor, imageId: string, op: 'main' | 'remove') {
  await db.$transaction(async (tx) => {
    const image = await tx.unitImage.findUniqueOrThrow({ where: { id: imageId }, include: { unitType: true } });
    if (op === 'main') {
      await tx.unitType.update({ where: { id: image.unitTypeId }, data: { imageUrl: image.url } });
    } else {
      await tx.unitImage.delete({ where: { id: imageId } });
      if (image.unitType.imageUrl === image.url) {
        const next = await tx.unitImage.findFirst({ where: { unitTypeId: image.unitTypeId }, orderBy: { displayOrder: 'asc' } });
        await tx.unitType.update({ where: { id: image.unitTypeId }, data: { imageUrl: next?.url ?? null } });
      }
    }
    await recordAudit(tx, { actor, action: `unitType.image.${op}`, entity: 'unitType', entityId: image.unitTypeId, before: { url: image.unitType.imageUrl }, after: { imageId, url: image.url } });
  });
  revalidatePublicData('catalogue');
}
