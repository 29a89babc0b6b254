import 'server-only';
import sharp from 'sharp';
import type { Prisma } from '@/generated/prisma/client';
import type { Db } from '@/lib/db';

type Reader = Prisma.TransactionClient | Db;

/**
 * Slips seen before, after re-encoding or resizing (docs/product-rules.md#uploads, "Slips seen before"; issue 38). The
 * SHA-256 fingerprint (proof-fingerprint.ts) only knows the same bytes; this module knows the same picture. A picture's
 * print is its grey levels on a PRINT_WIDTH × PRINT_HEIGHT grid: sharp decodes it, turns it upright, flattens it on
 * white and scales it to PRINT_SCALE times the grid (so every format takes the same path); each cell is then the mean
 * of its PRINT_SCALE² pixels. Saving a slip as PNG instead of JPEG, as WebP, or one pixel wider moves a cell by a few
 * levels; another slip (other amount, reference or name) moves the cells its text covers by far more than
 * PRINT_TOLERANCE. Prints are compared cell by cell: the same picture when no cell moved past the tolerance.
 *
 * A lookalike is a warning for staff, never a refusal: a picture print can be fooled (a status bar clock that changed
 * between two screenshots hides a reuse; two slips differing in one digit of small print can look alike). Its own
 * module, so the other slip checks (the slip's QR reference) sit beside it in the same pipeline.
 */
export const PRINT_WIDTH = 32;
export const PRINT_HEIGHT = 64;
const PRINT_SCALE = 8;
/** The most a cell of the same picture moves (measured: JPEG q40, WebP q50, ±1 px, half and 1.5 × size: ≤ 11). */
export const PRINT_TOLERANCE = 20;
/** Proofs compared: other bookings' picture proofs of the last LOOKALIKE_DAYS, newest first, at most LOOKALIKE_SCAN. */
export const LOOKALIKE_DAYS = 180;
export const LOOKALIKE_SCAN = 2_000;

/** The picture's print (base64 of PRINT_WIDTH × PRINT_HEIGHT grey levels), or null when sharp cannot read a picture. */
export async function slipPrint(bytes: Uint8Array): Promise<string | null> {
  try {
    const w = PRINT_WIDTH * PRINT_SCALE;
    const { data, info } = await sharp(bytes, { limitInputPixels: 60_000_000 })
      .rotate()
      .flatten({ background: '#ffffff' })
      .greyscale()
      .resize(w, PRINT_HEIGHT * PRINT_SCALE, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const cells = new Uint8Array(PRINT_WIDTH * PRINT_HEIGHT);
    for (let cy = 0; cy < PRINT_HEIGHT; cy++) {
      for (let cx = 0; cx < PRINT_WIDTH; cx++) {
        let sum = 0;
        for (let y = 0; y < PRINT_SCALE; y++) {
          const row = (cy * PRINT_SCALE + y) * w;
          for (let x = 0; x < PRINT_SCALE; x++) sum += data[(row + cx * PRINT_SCALE + x) * info.channels];
        }
        cells[cy * PRINT_WIDTH + cx] = Math.round(sum / (PRINT_SCALE * PRINT_SCALE));
      }
    }
    return Buffer.from(cells).toString('base64');
  } catch {
    return null;
  }
}

/** The largest move of one cell between two prints (255 when they cannot be compared). */
export function printDistance(a: string, b: string): number {
  const x = Buffer.from(a, 'base64');
  const y = Buffer.from(b, 'base64');
  if (x.length !== PRINT_WIDTH * PRINT_HEIGHT || y.length !== x.length) return 255;
  let max = 0;
  for (let i = 0; i < x.length; i++) {
    const d = Math.abs(x[i] - y[i]);
    if (d > max) max = d;
  }
  return max;
}

export const samePicture = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && printDistance(a, b) <= PRINT_TOLERANCE;

/**
 * The earliest recent proof of ANOTHER booking whose picture this print matches, or null. Called when a proof row is
 * created (wizard, portal, invoice pages); the answer is stored as the proof's lookalikeOfId for staff.
 */
export async function findLookalikeProof(db: Reader, p: { print: string | null | undefined; bookingId: string; now?: Date }): Promise<string | null> {
  if (!p.print) return null;
  const since = new Date((p.now ?? new Date()).getTime() - LOOKALIKE_DAYS * 24 * 60 * 60 * 1000);
  const recent = await db.paymentProof.findMany({
    where: { bookingId: { not: p.bookingId }, imagePrint: { not: null }, uploadedAt: { gte: since } },
    orderBy: { uploadedAt: 'desc' },
    take: LOOKALIKE_SCAN,
    select: { id: true, imagePrint: true },
  });
  const matches = recent.filter((r) => samePicture(p.print, r.imagePrint));
  return matches.length ? matches[matches.length - 1].id : null;
}

/** What a new proof row stores about its picture: its print and the earlier proof it looks like. */
export async function lookalikeFields(db: Reader, p: { imagePrint?: string | null; bookingId: string }) {
  const imagePrint = p.imagePrint ?? null;
  return { imagePrint, lookalikeOfId: await findLookalikeProof(db, { print: imagePrint, bookingId: p.bookingId }) };
}
