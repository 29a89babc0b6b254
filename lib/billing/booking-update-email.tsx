import 'server-only';
import { greetingName } from '@/lib/format/text';
import type { Db } from '@/lib/db';
import { toLocale } from '@/lib/i18n/translator';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate } from '@/lib/dates/bangkok';
import { emailFooter } from '@/lib/email/site';
import { renderAndSend } from '@/lib/platform/mail/send';
import { log } from '@/lib/log';
import { BookingUpdateEmail } from '@/emails/booking-update';
import { signedPortalUrl } from '@/lib/booking/portal-link';
import { DEPOSIT_REFUND_DAYS } from './calendar';
import { NO_UNIT_DECISION_HOURS, REFUND_ARRIVAL_DAYS, paidWithoutUnit } from '@/lib/booking/no-unit';
import { unitTypeName } from '@/lib/units/listing';

// In lib/billing, not lib/booking: a notice or an ended rental states the deposit refund period of the billing
// calendar, and its senders (staff's actions, payments, the portal) all sit above billing.

/** paid_no_unit: paid while every unit of the type was taken (docs/product-rules.md#inventory, "Paid, but no unit"). */
export type BookingUpdateKind = 'confirmed' | 'payment_rejected' | 'cancelled' | 'notice' | 'ended' | 'paid_no_unit';

export interface BookingUpdateExtra {
  reason?: string;
  refundSatang?: number;
  /** YYYY-MM-DD */
  moveOutDate?: string;
  /** makes repeatable updates (a second rejection) their own email; one-off ones leave it out */
  occurrence?: string;
}

/**
 * Tells the customer about a change staff (or the customer) made, in the booking's language, through the outbox.
 * Never throws: the change is already committed, and a failed email is retried by the email job.
 */
export async function sendBookingUpdate(db: Db, bookingId: string, kind: BookingUpdateKind, extra: BookingUpdateExtra = {}) {
  try {
    const b = await db.booking.findUniqueOrThrow({
      where: { id: bookingId },
      select: {
        id: true,
        reference: true,
        locale: true,
        customer: { select: { email: true, firstName: true } },
        unit: { select: { number: true } },
        status: true,
        paymentStatus: true,
        paymentMethod: true,
        unitId: true,
        totalDueToday: true,
        unitType: { select: { name: true, code: true } },
      },
    });
    const locale = toLocale(b.locale);
    const t = await approvedTranslator(db, locale, 'portalEmails');
    const money = (s: number) => formatTHB(s, locale);
    const details = [{ label: t('reference'), value: b.reference }];
    const paragraphs: string[] = [t('greeting', { name: greetingName(b.customer.firstName) })];
    switch (kind) {
      case 'confirmed':
        paragraphs.push(t('confirmed.body'));
        if (b.unit && b.status !== 'reserved') details.push({ label: t('unit'), value: b.unit.number });
        break;
      case 'payment_rejected':
        paragraphs.push(t('payment_rejected.body'), t('payment_rejected.reason', { reason: extra.reason ?? '' }));
        break;
      case 'cancelled':
        paragraphs.push(t('cancelled.body'));
        if (extra.refundSatang) paragraphs.push(t('cancelled.refund', { amount: money(extra.refundSatang), days: REFUND_ARRIVAL_DAYS }));
        break;
      case 'notice':
        paragraphs.push(t('notice.body', { date: formatLongDate(extra.moveOutDate ?? '', locale), days: DEPOSIT_REFUND_DAYS }));
        break;
      case 'ended':
        paragraphs.push(t('ended.body'));
        if (extra.refundSatang) paragraphs.push(t('ended.refund', { amount: money(extra.refundSatang) }));
        break;
      case 'paid_no_unit': {
        // Only while it is still true: a unit given or the booking cancelled since then sends its own email.
        const refund = paidWithoutUnit(b);
        if (!refund) return null;
        const amount = money(b.totalDueToday);
        const unitType = unitTypeName(b.unitType, locale);
        paragraphs.push(t('paid_no_unit.body', { amount, unitType }));
        paragraphs.push(refund === 'automatic' ? t('paid_no_unit.automatic', { amount, days: REFUND_ARRIVAL_DAYS }) : t('paid_no_unit.staff', { amount, unitType, hours: NO_UNIT_DECISION_HOURS }));
        break;
      }
    }
    const element = (
      <BookingUpdateEmail
        lang={locale}
        preview={t(`${kind}.subject`, { reference: b.reference })}
        heading={t(`${kind}.heading`)}
        paragraphs={paragraphs}
        details={details}
        button={{ href: signedPortalUrl(locale, b.reference), label: t('button') }}
        footer={await emailFooter(db, await approvedTranslator(db, locale, 'emails'), locale)}
      />
    );
    return await renderAndSend(db, element, {
      dedupeKey: `booking_update:${kind}:${b.id}${extra.occurrence ? `:${extra.occurrence}` : ''}`,
      template: `booking_${kind}`,
      locale,
      to: b.customer.email,
      subject: t(`${kind}.subject`, { reference: b.reference }),
      bookingId: b.id,
    });
  } catch (error) {
    log.error({ err: error, bookingId, kind }, 'portal: booking update email failed');
    return null;
  }
}
