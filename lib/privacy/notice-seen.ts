import 'server-only';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { recordAudit } from '@/lib/audit';
import { getActiveLegalDocument } from '@/lib/legal/documents';

/**
 * "Our privacy notice changed" at the customer's next visit to the portal (docs/product-rules.md#personal-data-pdpa).
 * A customer is told once per new version: when the active notice in their language is newer than the one they were
 * last shown, or — never shown one — newer than their first booking (they agreed to an older one then). Being told
 * records the version and the time on every customer record of the email, so the next page says nothing more, and an
 * audit row `privacy.notice_shown` per record keeps the history of what each customer was told (the booking keeps the
 * version given when they booked). A customer who booked under the current notice is not told about it.
 */
export async function announceNoticeChange(db: Db, email: string, locale: Locale, now: Date = new Date()): Promise<{ version: number; changedAt: Date } | null> {
  const notice = await getActiveLegalDocument(db, 'privacy_policy', locale);
  if (!notice) return null;
  const where = { email: { equals: email.trim(), mode: 'insensitive' as const }, anonymisedAt: null };
  const customers = await db.customer.findMany({ where, select: { id: true, noticeSeen: true, createdAt: true } });
  if (!customers.length) return null;
  const told = customers.some((c) => (c.noticeSeen === null ? c.createdAt < notice.createdAt : c.noticeSeen < notice.version));
  const behind = customers.filter((c) => c.noticeSeen === null || c.noticeSeen < notice.version).map((c) => c.id);
  if (!behind.length) return null;
  // Records are brought up to date either way, so a customer who booked under this version is never told about it.
  return db.$transaction(async (tx) => {
    const { count } = await tx.customer.updateMany({
      where: { id: { in: behind }, OR: [{ noticeSeen: null }, { noticeSeen: { lt: notice.version } }] },
      data: { noticeSeen: notice.version, noticeSeenAt: now, updatedAt: now },
    });
    // Two tabs at once: only the request that updated the records shows the banner and writes the history.
    if (!told || count === 0) return null;
    for (const id of behind) {
      await recordAudit(tx, { actor: null, action: 'privacy.notice_shown', entity: 'customer', entityId: id, after: { version: notice.version, locale: notice.locale, via: 'portal' } });
    }
    return { version: notice.version, changedAt: notice.createdAt };
  });
}
