import 'server-only';
import { render } from '@react-email/render';
import type { Db } from '@/lib/db';
import { pickLocalized } from '@/lib/i18n/localized';
import { localizedPath } from '@/lib/i18n/routing';
import { asLocale, emailsT } from '@/lib/booking/translator';
import { UnitAvailableEmail } from '@/emails/unit-available';
import { emailFooter, siteBase } from './site';
import { sendEmail, type EmailTransport } from './send';

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
    const locale = asLocale(entry.locale);
    const t = emailsT(locale);
    const unitType = pickLocalized<string>(type.name, locale) ?? type.code.toUpperCase();
    const bookUrl = `${siteBase()}${localizedPath(locale, '/booking-v2')}?unit=${encodeURIComponent(type.code)}`;
    const element = <UnitAvailableEmail t={t} lang={locale} unitType={unitType} bookUrl={bookUrl} footer={await emailFooter(db, t, locale)} />;
    const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
    const r = await sendEmail(
      db,
      { dedupeKey: `unit_available:${releaseKey}:${entry.id}`, template: 'unit_available', locale, to: entry.email, subject: t('unitAvailable.subject', { unitType }), html, text },
      transport,
    );
    if (r.status !== 'duplicate') {
      notified++;
      await db.waitingListEntry.update({ where: { id: entry.id }, data: { notifiedAt: new Date() } });
    }
  }
  return { notified };
}
