import 'server-only';
import type { Db } from '@/lib/db';
import { toLocale } from '@/lib/i18n/translator';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { localizedPath } from '@/lib/i18n/routing';
import { unitTypeName } from '@/lib/units/listing';
import { formatTHB } from '@/lib/format/money';
import { formatBangkokDateTime } from '@/lib/dates/bangkok';
import { siteBase } from '@/lib/platform/site-url';
import type { EmailTransport } from '@/lib/platform/mail/send';
import { compose } from '@/lib/email/notice';
import { invoiceUrl } from '@/lib/invoices/access';
import { onReserve, REFUND_ARRIVAL_DAYS } from '@/lib/booking/no-unit';

/** A 48-hour hold's emails (lib/billing/holds.ts): it ends within hours; it ended unpaid. */
async function bookingWithInitialInvoice(db: Db, bookingId: string) {
  const booking = await db.booking.findUniqueOrThrow({
    where: { id: bookingId },
    include: { customer: true, unitType: { select: { name: true, code: true } }, invoices: { where: { kind: 'initial' }, take: 1 } },
  });
  const locale = toLocale(booking.customer.locale || booking.locale);
  return { booking, locale, t: await approvedTranslator(db, locale, 'billingEmails'), invoice: booking.invoices[0] ?? null };
}

/** A 48-hour hold (cash, bank transfer, crypto) ends within hours. */
export async function sendHoldExpiring(db: Db, bookingId: string, transport?: EmailTransport) {
  const { booking, locale, t, invoice } = await bookingWithInitialInvoice(db, bookingId);
  if (booking.status !== 'reserved' || !booking.holdExpiresAt) return null;
  const time = formatBangkokDateTime(booking.holdExpiresAt, locale);
  const amount = formatTHB(booking.totalDueToday, locale);
  // Booked on the reserve: no unit is held, so the reminder says so and what happens when the payment comes, in the
  // success page's words (docs/product-rules.md#inventory, "Booked on the reserve").
  const reserve = onReserve(booking);
  const unitType = unitTypeName(booking.unitType, locale);
  const paragraphs = reserve
    ? [t('holdExpiring.bodyReserve', { reference: booking.reference, time, amount }), (await approvedTranslator(db, locale, 'reserveNotice'))(reserve, { amount, unitType, days: REFUND_ARRIVAL_DAYS })]
    : [t('holdExpiring.body', { reference: booking.reference, time, amount })];
  return compose({
    db,
    transport,
    template: 'hold_expiring',
    dedupeKey: `hold_expiring:${booking.id}`,
    locale,
    to: booking.customer.email,
    bookingId: booking.id,
    subject: t(reserve ? 'holdExpiring.subjectReserve' : 'holdExpiring.subject', { reference: booking.reference, time }),
    heading: t('holdExpiring.heading'),
    name: booking.customer.firstName,
    paragraphs,
    button: invoice ? { href: invoiceUrl(locale, invoice.id, 'pay'), label: t('buttons.payNow') } : null,
    link: invoice ? { href: invoiceUrl(locale, invoice.id, 'instructions'), label: t('buttons.instructions') } : null,
  });
}

/** The hold ended unpaid and the unit was released. */
export async function sendHoldExpired(db: Db, bookingId: string, transport?: EmailTransport) {
  const { booking, locale, t } = await bookingWithInitialInvoice(db, bookingId);
  if (booking.status !== 'expired') return null;
  const unitType = unitTypeName(booking.unitType, locale);
  return compose({
    db,
    transport,
    template: 'hold_expired',
    dedupeKey: `hold_expired:${booking.id}`,
    locale,
    to: booking.customer.email,
    bookingId: booking.id,
    subject: t('holdExpired.subject', { reference: booking.reference }),
    heading: t('holdExpired.heading'),
    name: booking.customer.firstName,
    // A booking on the reserve never held a unit (its unit stays unset when a hold lapses): nothing was released.
    paragraphs: [t(booking.unitId ? 'holdExpired.body' : 'holdExpired.bodyReserve', { reference: booking.reference, unitType })],
    button: { href: `${siteBase()}${localizedPath(locale, '/booking-v2')}?unit=${encodeURIComponent(booking.unitType.code)}`, label: t('buttons.bookAgain') },
  });
}
