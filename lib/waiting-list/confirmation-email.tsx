import 'server-only';
import type { Db } from '@/lib/db';
import { localizedPath, toLocale } from '@/lib/i18n/routing';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { unitTypeName } from '@/lib/units/listing';
import { WaitingListConfirmEmail } from '@/emails/waiting-list-confirm-email';
import { consumeRateLimit } from '@/lib/rate-limit';
import { waitingListConfirmationToken } from '@/lib/waiting-list/confirmation';
import { emailFooter, unsubscribeLink } from '@/lib/email/site';
import { siteBase } from '@/lib/platform/site-url';
import { renderAndSend, type EmailTransport } from '@/lib/platform/mail/send';

/**
 * The double opt-in email of a waiting-list sign-up (docs/product-rules.md#holds, "Emails"). At most
 * `waitingListConfirmEmail` per recipient a day, whoever asks: a stranger cannot flood an inbox through the form.
 */
export async function sendWaitingListConfirmation(db: Db, entryId: string, transport?: EmailTransport) {
  const entry = await db.waitingListEntry.findUniqueOrThrow({ where: { id: entryId }, include: { unitType: { select: { code: true, name: true } } } });
  const limited = await consumeRateLimit(db, 'waitingListConfirmEmail', entry.email);
  if (!limited.ok) return { status: 'rate_limited' as const };
  const locale = toLocale(entry.locale);
  const t = await approvedTranslator(db, locale, 'waitingListConfirm.email');
  const unit = unitTypeName(entry.unitType, locale);
  const confirmUrl = `${siteBase()}${localizedPath(locale, `/waiting-list/${entry.id}/confirm`)}?token=${waitingListConfirmationToken(entry.id)}`;
  const element = (
    <WaitingListConfirmEmail
      lang={locale}
      footer={await emailFooter(db, await approvedTranslator(db, locale, 'emails'), locale)}
      texts={{ preview: t('preview'), heading: t('heading'), body: t('body', { unit }), button: t('button') }}
      confirmUrl={confirmUrl}
    />
  );
  // A new key per send: asking again while unconfirmed sends the link again (within the daily allowance).
  return renderAndSend(db, element, { dedupeKey: `waiting_list_confirm:${entry.id}:${Date.now()}`, template: 'waiting_list_confirm', locale, to: entry.email, subject: t('subject', { unit }) }, transport);
}
