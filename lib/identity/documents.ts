import 'server-only';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Db } from '@/lib/db';
import type { IdentityDocumentKind } from '@/generated/prisma/enums';
import { recordAudit } from '@/lib/audit';
import type { StaffUser } from '@/lib/auth/staff';
import { queueEmail } from '@/lib/platform/mail/outbox';
import { issueGatePinIfReady } from '@/lib/gate/pin';
import { cleanProofContent, UploadBusyError } from '@/lib/payments/proofs/proof-content';
import { MAX_UPLOAD_BYTES } from '@/lib/uploads/limits';
import { sniffProofType } from '@/lib/payments/proofs/proof-store';
import { putStoredFile } from '@/lib/uploads/files';
import { retentionCutoff, retentionRule } from '@/lib/retention/table';
import { Refusal } from '@/lib/actions/refusal';
import { isUploadErrorCode, uploadErrorText } from '@/lib/uploads/messages';
import { translator } from '@/lib/i18n/translator';

/**
 * Identity before access (docs/product-rules.md#identity-and-gate-access): the customer uploads an identity document
 * from the portal (individuals: Thai ID card or passport; companies: the company certificate), with a selfie if they
 * like; staff verify or reject it with a reason; the gate PIN is issued once the rental is also paid. Files are checked
 * as payment slips are (type by content, re-encoded, MAX_UPLOAD_MB), stored privately (identity/<id>.<ext>) and purged
 * IDENTITY_RETENTION_DAYS after the rental ends (the retention table, lib/retention/table.ts).
 */
export const MAX_IDENTITY_BYTES = MAX_UPLOAD_BYTES;
/** Days, from the retention table (its identity_files row is counted in days). */
export const IDENTITY_RETENTION_DAYS = retentionRule('identity_files').amount;

export type IdentityErrorCode = 'not_allowed' | 'file_size' | 'file_type' | 'busy' | 'kind' | 'nothing_pending' | 'not_maskable';
export class IdentityError extends Refusal {
  constructor(readonly code: IdentityErrorCode) {
    super(code);
  }
  say(locale: string): string {
    return isUploadErrorCode(this.code) ? uploadErrorText(locale, this.code) : translator(locale, 'moveIn')(`errors.${this.code}`);
  }
}

export function documentKindsFor(customerType: 'individual' | 'business'): IdentityDocumentKind[] {
  return customerType === 'business' ? ['company_certificate'] : ['thai_id', 'passport'];
}

/** The customer may upload while the rental is live and not yet verified. */
export function canUploadIdentity(b: { status: string; identityVerifiedAt: Date | null }): boolean {
  return ['reserved', 'confirmed', 'active'].includes(b.status) && b.identityVerifiedAt === null;
}

type Upload = { bytes: Uint8Array; name: string };

async function checkedFile(u: Upload) {
  if (u.bytes.byteLength === 0 || u.bytes.byteLength > MAX_IDENTITY_BYTES) throw new IdentityError('file_size');
  const kind = sniffProofType(u.bytes);
  if (!kind) throw new IdentityError('file_type');
  const clean = await cleanProofContent(u.bytes, kind).catch((error: unknown) => {
    throw error instanceof UploadBusyError ? new IdentityError('busy') : error;
  });
  if (!clean) throw new IdentityError('file_type');
  const base = path.basename(u.name || 'document').replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 100).trim() || 'document';
  return { bytes: clean, mimeType: kind.mimeType, ext: kind.ext, fileName: base.toLowerCase().endsWith(`.${kind.ext}`) ? base : `${base}.${kind.ext}` };
}

/** Stores the document (and the optional selfie) for the booking; nothing is kept when any file is refused. */
export async function uploadIdentityDocuments(db: Db, bookingId: string, input: { kind: IdentityDocumentKind; document: Upload; selfie?: Upload | null }) {
  const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { status: true, identityVerifiedAt: true, customerType: true } });
  if (!canUploadIdentity(b)) throw new IdentityError('not_allowed');
  if (!documentKindsFor(b.customerType).includes(input.kind)) throw new IdentityError('kind');
  const files = [{ kind: input.kind, file: await checkedFile(input.document) }];
  if (input.selfie && input.selfie.bytes.byteLength) files.push({ kind: 'selfie', file: await checkedFile(input.selfie) });
  await db.$transaction(async (tx) => {
    for (const { kind, file } of files) {
      const key = `identity/${crypto.randomBytes(16).toString('hex')}.${file.ext}`;
      await putStoredFile(tx, { key, mimeType: file.mimeType, bytes: file.bytes });
      await tx.identityDocument.create({ data: { bookingId, kind, fileName: file.fileName, mimeType: file.mimeType, sizeBytes: file.bytes.byteLength, storageKey: key } });
    }
    await recordAudit(tx, { actor: null, action: 'identity.upload', entity: 'booking', entityId: bookingId, after: { kinds: files.map((f) => f.kind) } });
  });
}

type Actor = Pick<StaffUser, 'id' | 'email'>;

async function lockPending(tx: Parameters<Parameters<Db['$transaction']>[0]>[0], bookingId: string) {
  await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
  const b = await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { locale: true, identityVerifiedAt: true, customer: { select: { email: true, locale: true } } } });
  const pending = await tx.identityDocument.findMany({ where: { bookingId, status: 'pending', storageKey: { not: null } }, select: { id: true, kind: true } });
  if (b.identityVerifiedAt || !pending.some((d) => d.kind !== 'selfie')) throw new IdentityError('nothing_pending');
  return { b, pending };
}

/** Staff checked the document: the identity is verified, the customer emailed, and the PIN issued if the rental is paid. */
export async function verifyIdentity(db: Db, bookingId: string, actor: Actor, now: Date = new Date()): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const { b, pending } = await lockPending(tx, bookingId);
    await tx.identityDocument.updateMany({ where: { id: { in: pending.map((d) => d.id) } }, data: { status: 'verified', reviewedBy: actor.email, reviewedAt: now } });
    await tx.booking.update({ where: { id: bookingId }, data: { identityVerifiedAt: now } });
    await recordAudit(tx, { actor, action: 'identity.verify', entity: 'booking', entityId: bookingId, after: { documents: pending.length } });
    const dedupeKey = `identity-verified:${bookingId}`;
    await queueEmail(tx, { dedupeKey, template: 'identity_verified', locale: b.customer.locale || b.locale, to: b.customer.email, bookingId });
    const pinEmail = await issueGatePinIfReady(tx, bookingId, now);
    return pinEmail ? [dedupeKey, pinEmail] : [dedupeKey];
  });
}

/** Staff could not accept the document: the reason goes to the customer, who uploads again. */
export async function rejectIdentity(db: Db, bookingId: string, reason: string, actor: Actor, now: Date = new Date()): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const { b, pending } = await lockPending(tx, bookingId);
    await tx.identityDocument.updateMany({ where: { id: { in: pending.map((d) => d.id) } }, data: { status: 'rejected', note: reason, reviewedBy: actor.email, reviewedAt: now } });
    await recordAudit(tx, { actor, action: 'identity.reject', entity: 'booking', entityId: bookingId, after: { documents: pending.length }, note: reason });
    const dedupeKey = `identity-rejected:${pending[0].id}`;
    await queueEmail(tx, { dedupeKey, template: 'identity_rejected', locale: b.customer.locale || b.locale, to: b.customer.email, bookingId });
    return [dedupeKey];
  });
}

/**
 * The retention job's identity_files row (lib/privacy/retention-jobs.ts): identity files of rentals that ended (moved
 * out, cancelled or lapsed) more than IDENTITY_RETENTION_DAYS ago are deleted; the row stays as the record of the check.
 */
export async function purgeIdentityDocuments(db: Db, now: Date = new Date()) {
  const before = retentionCutoff('identity_files', now);
  const docs = await db.identityDocument.findMany({
    where: {
      storageKey: { not: null },
      booking: { OR: [{ status: 'ended', endedAt: { lt: before } }, { status: 'cancelled', cancelledAt: { lt: before } }, { status: 'expired', holdExpiresAt: { lt: before } }, { status: 'expired', holdExpiresAt: null, updatedAt: { lt: before } }] },
    },
    select: { id: true, storageKey: true },
    take: 1000,
  });
  for (const d of docs) {
    await db.$transaction([
      db.storedFile.deleteMany({ where: { key: d.storageKey! } }),
      db.identityDocument.update({ where: { id: d.id }, data: { storageKey: null, purgedAt: now } }),
    ]);
  }
  return { identityPurged: docs.length };
}
