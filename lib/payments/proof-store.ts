import 'server-only';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { cleanProofContent } from './proof-content';

export const MAX_PROOF_BYTES = 10 * 1024 * 1024;

export type ProofKind = { mimeType: string; ext: string };

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
  /** relative to UPLOAD_DIR */
  storagePath: string;
  uploadedAt: string;
};

export function uploadDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().UPLOAD_DIR);
}

const ID_RE = /^[a-f0-9]{32}$/;

function safeDisplayName(name: string, ext: string): string {
  const base = path.basename(name || 'proof').replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 100).trim() || 'proof';
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}

/**
 * Stores an upload that has no booking yet (the wizard uploads at step 11, the booking is created at step 12):
 * the file under a random name plus a small JSON record; createBooking turns it into a PaymentProof row.
 */
export async function storePendingProof(
  bytes: Uint8Array,
  originalName: string,
): Promise<{ ok: true; proof: PendingProof } | { ok: false; error: 'type' | 'size' | 'failed' }> {
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_PROOF_BYTES) return { ok: false, error: bytes.byteLength ? 'size' : 'type' };
  const kind = sniffProofType(bytes);
  if (!kind) return { ok: false, error: 'type' };
  const clean = await cleanProofContent(bytes, kind);
  if (!clean) return { ok: false, error: 'type' };
  bytes = clean;
  const id = crypto.randomBytes(16).toString('hex');
  const storagePath = path.join('proofs', `${id}.${kind.ext}`);
  const proof: PendingProof = {
    id,
    fileName: safeDisplayName(originalName, kind.ext),
    mimeType: kind.mimeType,
    sizeBytes: bytes.byteLength,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    storagePath,
    uploadedAt: new Date().toISOString(),
  };
  try {
    const dir = path.join(uploadDir(), 'proofs');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(uploadDir(), storagePath), bytes, { flag: 'wx' });
    await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify(proof), { flag: 'wx' });
    return { ok: true, proof };
  } catch (error) {
    log.error({ err: error }, 'proofs: store failed');
    return { ok: false, error: 'failed' };
  }
}

export async function readPendingProof(id: string): Promise<PendingProof | null> {
  if (!ID_RE.test(id)) return null;
  try {
    const raw = await fs.readFile(path.join(uploadDir(), 'proofs', `${id}.json`), 'utf8');
    const proof = JSON.parse(raw) as PendingProof;
    return proof.id === id ? proof : null;
  } catch {
    return null;
  }
}

/**
 * Job: uploads never attached to a booking or payment (a visitor who uploaded a slip and left) are deleted after 24
 * hours (docs/product-rules.md#security-headers, "Bodies and files"). Attached files are referenced by a PaymentProof
 * row and stay.
 */
export async function purgeUnattachedProofs(db: { paymentProof: { findMany(args: { where: { storagePath: { in: string[] } }; select: { storagePath: true } }): Promise<{ storagePath: string }[]> } }, now: Date = new Date()) {
  const dir = path.join(uploadDir(), 'proofs');
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return { deleted: 0 };
  }
  const old: PendingProof[] = [];
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const proof = await readPendingProof(name.slice(0, -5));
    if (proof && now.getTime() - new Date(proof.uploadedAt).getTime() > 24 * 60 * 60 * 1000) old.push(proof);
  }
  if (!old.length) return { deleted: 0 };
  const attached = new Set((await db.paymentProof.findMany({ where: { storagePath: { in: old.map((p) => p.storagePath) } }, select: { storagePath: true } })).map((p) => p.storagePath));
  let deleted = 0;
  for (const p of old) {
    // The pending record is only needed until the file is attached; an attached file itself stays.
    await fs.rm(path.join(dir, `${p.id}.json`), { force: true });
    if (attached.has(p.storagePath)) continue;
    await fs.rm(path.join(uploadDir(), p.storagePath), { force: true });
    deleted++;
  }
  return { deleted };
}
