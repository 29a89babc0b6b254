import 'server-only';
import type { Db } from '@/lib/db';
import { localizedPath, toLocale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import { unitTypeName } from '@/lib/units/listing';
import { UnitAvailableEmail } from '@/emails/unit-available-email';
import { emailFooter, siteBase } from './site';
import { renderAndSend, type EmailTransport } from './send';

/**
 * Tells everyone waiting for a unit type that a unit was released. Each release is its own event (dedupe key per
 * release), so a customer still waiting hears about the next release too; notifiedAt records the last notice.
 */
export async function notifyWaitingList(db: Db, unitTypeId: string, releaseKey: string, transport?: EmailTransport) {
  const [type, entries] = await Promise.all([
    db.unitType.findUnique({ where: { id: unitTypeId }, select: { code: true, name: true } }),
    db.waitingListEntry.findMany({ where: { unitTypeId }, orderBy: { createdAt: 'asc' } }),
  ]);
  if (!type) return { notified: 0 };
  let notified = 0;
  for (const entry of entries) {
    const locale = toLocale(entry.locale);
    const t = translator(locale, 'emails');
    const unitType = unitTypeName(type, locale);
    const bookUrl = `${siteBase()}${localizedPath(locale, '/booking-v2')}?unit=${encodeURIComponent(type.code)}`;
    const r = await renderAndSend(
      db,
      <UnitAvailableEmail t={t} lang={locale} unitType={unitType} bookUrl={bookUrl} footer={await emailFooter(db, t, locale)} />,
      { dedupeKey: `unit_available:${releaseKey}:${entry.id}`, template: 'unit_available', locale, to: entry.email, subject: t('unitAvailable.subject', { unitType }) },
      transport,
    );
    if (r.status !== 'duplicate') {
      notified++;
      await db.waitingListEntry.update({ where: { id: entry.id }, data: { notifiedAt: new Date() } });
    }
  }
  return { notified };
}
