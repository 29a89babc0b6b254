import 'server-only';
import type { Db } from '@/lib/db';
import type { Composers } from '@/lib/platform/mail/outbox';
import { toLocale } from '@/lib/i18n/translator';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { pickLocalized } from '@/lib/i18n/localized';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate } from '@/lib/dates/bangkok';
import { greetingName } from '@/lib/format/text';
import { signedPortalUrl } from '@/lib/booking/portal-link';
import { BillingNoticeEmail } from '@/emails/billing-notice';
import { emailFooter } from '@/lib/email/site';
import { RENT_NOTICE_DAYS } from './rent-changes';

/**
 * The notice of a new monthly rate (docs/product-rules.md#prices-over-time-prepayment-and-card-retries): old rate, new
 * rate and the billing date it applies from, in the customer's language. Queued in the transaction that scheduled the
 * change (lib/billing/rent-changes.ts), composed here when the outbox delivers it; null when the change was replaced.
 */
export async function composeRentChangeNotice(db: Db, dedupeKey: string) {
  const id = dedupeKey.split(':')[1] ?? '';
  const change = await db.rentChange.findUnique({ where: { id }, include: { booking: { include: { customer: true, unitType: { select: { name: true, code: true } }, unit: { select: { number: true } } } } } });
  if (!change || change.cancelledAt) return null;
  const { booking } = change;
  const locale = toLocale(booking.customer.locale || booking.locale);
  const t = await approvedTranslator(db, locale, 'rentTerms.email');
  const oldRate = formatTHB(change.oldRate, locale);
  const newRate = formatTHB(change.newRate, locale);
  const date = formatLongDate(change.effectiveFrom.toISOString().slice(0, 10), locale);
  const unitName = pickLocalized<string>(booking.unitType.name, locale) ?? booking.unitType.code.toUpperCase();
  const unit = booking.unit ? `${unitName} ${booking.unit.number}` : unitName;
  const kind = change.newRate > change.oldRate ? 'increase' : 'decrease';
  const subject = t(`${kind}.subject`, { reference: booking.reference, date });
  const element = (
    <BillingNoticeEmail
      lang={locale}
      preview={subject}
      footer={await emailFooter(db, await approvedTranslator(db, locale, 'emails'), locale)}
      heading={t(`${kind}.heading`)}
      greeting={(await approvedTranslator(db, locale, 'billingEmails'))('greeting', { name: greetingName(booking.customer.firstName) })}
      paragraphs={[t(`${kind}.body`, { unit, reference: booking.reference, oldRate, newRate, date, days: RENT_NOTICE_DAYS }), t('closing')]}
      details={[
        { label: t('labels.reference'), value: booking.reference },
        { label: t('labels.oldRate'), value: oldRate },
        { label: t('labels.newRate'), value: newRate },
        { label: t('labels.from'), value: date },
      ]}
      button={{ href: signedPortalUrl(locale, booking.reference), label: t('button') }}
    />
  );
  return { element, locale, to: booking.customer.email, subject };
}

/** The outbox's composer for the notices lib/billing/rent-changes.ts queues. */
export const RENT_CHANGE_COMPOSERS: Composers = { rent_change: (db, row) => composeRentChangeNotice(db, row.dedupeKey) };
