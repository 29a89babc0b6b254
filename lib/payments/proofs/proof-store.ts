import 'server-only';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Db } from '@/lib/db';
import { putStoredFile } from '@/lib/uploads/files';
import { log } from '@/lib/log';
import { retentionCutoff } from '@/lib/retention/table';
import { MAX_UPLOAD_BYTES } from '@/lib/uploads/limits';
import { cleanProofContent, UploadBusyError, type ProofKind } from './proof-content';
import { readSlipQr, type SlipQr } from './slip-qr';
import { slipPrint } from './slip-similarity';

/** docs/product-rules.md#uploads: one limit for every upload. */
export const MAX_PROOF_BYTES = MAX_UPLOAD_BYTES;

/** The file type by its first bytes, never by name or browser-declared type. */
export function sniffProofType(bytes: Uint8Array): ProofKind | null {
  const starts = (sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', ext: 'jpg' };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mimeType: 'image/png', ext: 'png' };
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return { mimeType: 'image/gif', ext: 'gif' };
  }
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return { mimeType: 'image/webp', ext: 'webp' };
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return { mimeType: 'application/pdf', ext: 'pdf' };
  return null;
}

export type PendingProof = {
  id: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
  /** the stored file's key (lib/uploads/files.ts): proofs/<id>.<ext> */
  storagePath: string;
  uploadedAt: string;
  /** the slip's own QR when it has one (./slip-qr.ts): the transaction it proves */
  slip?: SlipQr | null;
  /** the picture's print (lib/payments/proofs/slip-similarity.ts); null for a PDF, absent on records from before */
  imagePrint?: string | null;
};

export { uploadDir } from '@/lib/uploads/files';

const ID_RE = /^[a-f0-9]{32}$/;

function safeDisplayName(name: string, ext: string): string {
  const base = path.basename(name || 'proof').replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 100).trim() || 'proof';
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}

/**
 * Stores an upload that has no booking yet (the wizard uploads at step 11, the booking is created at step 12): the
 * file in the database (lib/uploads/files.ts) with its record; createBooking turns it into a PaymentProof row.
 */
export async function storePendingProof(
  db: Db,
  bytes: Uint8Array,
  originalName: string,
): Promise<{ ok: true; proof: PendingProof } | { ok: false; error: 'type' | 'size' | 'failed' | 'busy' }> {
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_PROOF_BYTES) return { ok: false, error: bytes.byteLength ? 'size' : 'type' };
  const kind = sniffProofType(bytes);
  if (!kind) return { ok: false, error: 'type' };
  let clean: Uint8Array | null;
  try {
    clean = await cleanProofContent(bytes, kind);
  } catch (error) {
    if (error instanceof UploadBusyError) return { ok: false, error: 'busy' };
    throw error;
  }
  if (!clean) return { ok: false, error: 'type' };
  bytes = clean;
  const id = crypto.randomBytes(16).toString('hex');
  const proof: PendingProof = {
    id,
    fileName: safeDisplayName(originalName, kind.ext),
    mimeType: kind.mimeType,
    sizeBytes: bytes.byteLength,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    storagePath: `proofs/${id}.${kind.ext}`,
    uploadedAt: new Date().toISOString(),
    slip: await readSlipQr(bytes, kind.mimeType),
    imagePrint: kind.mimeType === 'application/pdf' ? null : await slipPrint(bytes),
  };
  try {
    await putStoredFile(db, { key: proof.storagePath, mimeType: kind.mimeType, bytes, meta: proof });
    return { ok: true, proof };
  } catch (error) {
    log.error({ err: error }, 'proofs: store failed');
    return { ok: false, error: 'failed' };
  }
}

export async function readPendingProof(db: Db, id: string): Promise<PendingProof | null> {
  if (!ID_RE.test(id)) return null;
  const row = await db.storedFile.findFirst({ where: { key: { startsWith: `proofs/${id}.` } }, select: { meta: true } });
  const proof = row?.meta as PendingProof | null | undefined;
  return proof && proof.id === id ? proof : null;
}

/**
 * Job: uploads never attached to a booking or payment (a visitor who uploaded a slip and left) are deleted after 24
 * hours (docs/product-rules.md#security-headers, "Bodies and files"). Attached files are referenced by a PaymentProof
 * row and stay.
 */
export async function purgeUnattachedProofs(db: Db, now: Date = new Date()) {
  const old = await db.storedFile.findMany({
    where: { key: { startsWith: 'proofs/' }, createdAt: { lt: retentionCutoff('unattached_uploads', now) } },
    select: { key: true },
    take: 1000,
  });
  if (!old.length) return { deleted: 0 };
  const attached = new Set((await db.paymentProof.findMany({ where: { storagePath: { in: old.map((p) => p.key) } }, select: { storagePath: true } })).map((p) => p.storagePath));
  const unattached = old.map((p) => p.key).filter((k) => !attached.has(k));
  const { count } = await db.storedFile.deleteMany({ where: { key: { in: unattached } } });
  return { deleted: count };
}
