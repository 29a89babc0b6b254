import 'server-only';
import type { Db } from '@/lib/db';
import type { StaffUser } from '@/lib/auth/roles';
import { recordAudit } from './index';

/**
 * What staff reading personal data leaves in the audit log: every CSV download (docs/product-rules.md) and every look
 * at an identity document. The reads themselves are lib/admin's, which writes nothing; the routes record here.
 */
type Actor = Pick<StaffUser, 'id' | 'email'>;

export async function recordExportDownload(db: Db, actor: Actor, entityId: string, after: object) {
  await db.$transaction((tx) => recordAudit(tx, { actor, action: 'export.download', entity: 'export', entityId, after }));
}

/** Every staff view of an identity document is an audit row naming who looked (docs/product-rules.md#personal-data-pdpa). */
export async function recordIdentityView(db: Db, actor: Actor, doc: { bookingId: string; kind: string }, documentId: string) {
  await recordAudit(db, { actor, action: 'identity.view', entity: 'booking', entityId: doc.bookingId, after: { documentId, kind: doc.kind } });
}
