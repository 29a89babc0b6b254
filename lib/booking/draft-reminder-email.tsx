import 'server-only';
import type { Db } from '@/lib/db';
import { localizedPath, toLocale } from '@/lib/i18n/routing';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { DraftReminderEmail } from '@/emails/draft-reminder-email';
import { emailFooter, unsubscribeLink } from '@/lib/email/site';
import { siteBase } from '@/lib/platform/site-url';
import { renderAndSend, type EmailTransport } from '@/lib/platform/mail/send';

/** The one abandoned-draft reminder: a link back to the wizard that restores the customer's choices. */
export async function sendDraftReminder(db: Db, draft: { id: string; token: string; email: string; locale: string }, transport?: EmailTransport) {
  const locale = toLocale(draft.locale);
  const t = await approvedTranslator(db, locale, 'emails');
  const resumeUrl = `${siteBase()}${localizedPath(locale, '/booking-v2')}?draft=${encodeURIComponent(draft.token)}`;
  return renderAndSend(
    db,
    <DraftReminderEmail t={t} lang={locale} resumeUrl={resumeUrl} footer={await emailFooter(db, t, locale)} unsubscribe={await unsubscribeLink(db, draft.email, locale)} />,
    { dedupeKey: `draft_reminder:${draft.id}`, template: 'draft_reminder', locale, to: draft.email, subject: t('reminder.subject') },
    transport,
  );
}
