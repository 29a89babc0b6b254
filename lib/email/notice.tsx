import 'server-only';
import { greetingName } from '@/lib/format/text';
import { MARKETING_TEMPLATES } from '@/lib/platform/mail/unsubscribe';
import { renderAndSend, type EmailTransport } from '@/lib/platform/mail/send';
import type { Db } from '@/lib/db';
import { translator } from '@/lib/i18n/translator';
import { approvedTranslator } from '@/lib/i18n/overrides';
import type { Locale } from '@/lib/i18n/routing';
import { formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { BillingNoticeEmail } from '@/emails/billing-notice';
import { emailFooter, unsubscribeLink } from './site';

/**
 * The plain notice every domain sends (a heading, paragraphs, a few details, a button): the domains own their senders
 * (lib/invoices/emails.ts, lib/billing/*-emails.ts, lib/gate/access-emails.tsx, …) and write only the words.
 */
export type NoticeTexts = ReturnType<typeof translator<'billingEmails'>>;

export interface Compose {
  db: Db;
  template: string;
  dedupeKey: string;
  locale: Locale;
  to: string;
  bookingId: string | null;
  subject: string;
  heading: string;
  name: string;
  paragraphs: string[];
  details?: { label: string; value: string }[];
  button?: { href: string; label: string } | null;
  link?: { href: string; label: string } | null;
  transport?: EmailTransport;
}

/** One plain notice email through the outbox (also used for staff alerts, lib/staff-alerts). */
export async function compose(c: Compose) {
  return renderAndSend(c.db, await noticeElement(c), { dedupeKey: c.dedupeKey, template: c.template, locale: c.locale, to: c.to, subject: c.subject, bookingId: c.bookingId }, c.transport);
}

/**
 * The notice as a React element, not yet rendered: compose sends it now; an outbox composer (lib/platform/mail/outbox.ts)
 * returns it for a row a transaction queued, so a queued notice has exactly the words of a sent one.
 */
export async function noticeElement(c: Omit<Compose, 'transport' | 'dedupeKey' | 'bookingId'>) {
  const t = await approvedTranslator(c.db, c.locale, 'billingEmails');
  const footer = await emailFooter(c.db, await approvedTranslator(c.db, c.locale, 'emails'), c.locale);
  const element = (
    <BillingNoticeEmail
      lang={c.locale}
      preview={c.subject}
      footer={footer}
      heading={c.heading}
      greeting={t('greeting', { name: greetingName(c.name) })}
      paragraphs={c.paragraphs}
      details={c.details ?? []}
      button={c.button}
      link={c.link}
      unsubscribe={MARKETING_TEMPLATES.has(c.template) ? await unsubscribeLink(c.db, c.to, c.locale) : null}
    />
  );
  return element;
}

/** A day as notices write it, in the business's time zone. */
export const noticeDate = (d: Date, locale: Locale) => formatLongDate(todayInBangkok(d), locale);
