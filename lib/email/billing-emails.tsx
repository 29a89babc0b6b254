import 'server-only';
import { greetingName } from '@/lib/format/text';
import { MARKETING_TEMPLATES } from './unsubscribe';
import { unsubscribeLink } from './site';
import { render } from '@react-email/render';
import type { Db } from '@/lib/db';
import { translator, toLocale } from '@/lib/i18n/translator';
import { localizedPath, type Locale } from '@/lib/i18n/routing';
import { pickLocalized } from '@/lib/i18n/localized';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { formatBangkokDateTime } from '@/lib/booking/format';

import { invoiceUrl } from '@/lib/invoices/access';
import { offerToken, waitingListPosition, waitingListToken } from '@/lib/billing/waiting-list-offers';
import { BillingNoticeEmail } from '@/emails/billing-notice';
import { emailFooter, siteBase } from './site';
import { sendEmail, type EmailTransport } from './send';
import { queueLineMessage } from '@/lib/line/outbox';

type T = ReturnType<typeof translator<'billingEmails'>>;

interface Compose {
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
  const t = translator(c.locale, 'billingEmails');
  const footer = await emailFooter(c.db, translator(c.locale, 'emails'), c.locale);
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
      unsubscribe={MARKETING_TEMPLATES.has(c.template) ? unsubscribeLink(c.to, c.locale) : null}
    />
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return sendEmail(c.db, { dedupeKey: c.dedupeKey, template: c.template, locale: c.locale, to: c.to, subject: c.subject, html, text, bookingId: c.bookingId }, c.transport);
}

const date = (d: Date, locale: Locale) => formatLongDate(todayInBangkok(d), locale);

async function loadInvoice(db: Db, invoiceId: string) {
  const invoice = await db.invoice.findUniqueOrThrow({
    where: { id: invoiceId },
    include: { booking: { include: { customer: true, unitType: { select: { name: true, code: true } }, unit: { select: { number: true } } } } },
  });
  const locale = toLocale(invoice.booking.customer.locale || invoice.booking.locale);
  return { invoice, booking: invoice.booking, customer: invoice.booking.customer, locale, t: translator(locale, 'billingEmails') };
}

function invoiceDetails(t: T, invoice: { number: string; totalSatang: number; dueAt: Date | null; periodStart: Date | null; periodEnd: Date | null }, locale: Locale) {
  const out = [
    { label: t('labels.invoice'), value: invoice.number },
    { label: t('labels.amount'), value: formatTHB(invoice.totalSatang, locale) },
  ];
  if (invoice.periodStart && invoice.periodEnd) {
    out.push({ label: t('labels.period'), value: `${formatLongDate(invoice.periodStart.toISOString().slice(0, 10), locale)} – ${formatLongDate(invoice.periodEnd.toISOString().slice(0, 10), locale)}` });
  }
  if (invoice.dueAt) out.push({ label: t('labels.dueDate'), value: date(invoice.dueAt, locale) });
  return out;
}

/** Payment received, with the receipt link (once per payment). */
export async function sendPaymentReceived(db: Db, paymentId: string, transport?: EmailTransport) {
  const payment = await db.payment.findUniqueOrThrow({ where: { id: paymentId } });
  if (!payment.invoiceId || payment.status !== 'paid') return null;
  const { invoice, booking, customer, locale, t } = await loadInvoice(db, payment.invoiceId);
  const amount = formatTHB(payment.amountSatang, locale);
  await queueLineMessage(db, { kind: 'receipt', bookingId: booking.id, refId: payment.id, dedupeKey: `payment_received:${payment.id}` });
  return compose({
    db,
    transport,
    template: 'payment_received',
    dedupeKey: `payment_received:${payment.id}`,
    locale,
    to: customer.email,
    bookingId: booking.id,
    subject: t('paymentReceived.subject', { number: invoice.number }),
    heading: t('paymentReceived.heading'),
    name: customer.firstName,
    paragraphs: [t('paymentReceived.body', { amount, number: invoice.number, date: date(payment.paidAt ?? new Date(), locale) })],
    details: [
      { label: t('labels.invoice'), value: invoice.number },
      { label: t('labels.amountPaid'), value: amount },
      { label: t('labels.method'), value: translator(locale, 'payment')(`methods.${payment.method}`) },
      { label: t('labels.reference'), value: booking.reference },
    ],
    button: { href: invoiceUrl(locale, invoice.id), label: t('paymentReceived.button') },
  });
}

/** A new invoice: pay link, or (saved card) when it will be charged, or the card was declined. Once per invoice and variant. */
export async function sendInvoiceIssued(
  db: Db,
  invoiceId: string,
  variant: 'pay' | 'autopay' | 'card_failed' | 'staff',
  transport?: EmailTransport,
  /** card_failed: which attempt was declined (lib/billing/card-charges.ts) and the day of the next one, if any */
  retry?: { attempt: number; next: string | null },
) {
  const { invoice, booking, customer, locale, t } = await loadInvoice(db, invoiceId);
  if (invoice.status !== 'open') return null;
  const amount = formatTHB(invoice.totalSatang, locale);
  const due = invoice.dueAt ? date(invoice.dueAt, locale) : date(invoice.issuedAt, locale);
  if (variant === 'staff') {
    // An invoice staff issued for fees or supplies (docs/product-rules.md#documents-staff-issue): its own texts.
    const ts = translator(locale, 'staffDocuments.email');
    return compose({
      db,
      transport,
      template: 'invoice_issued',
      dedupeKey: `invoice_issued:${invoice.id}`,
      locale,
      to: customer.email,
      bookingId: booking.id,
      subject: ts('subject', { number: invoice.number, amount }),
      heading: ts('heading'),
      name: customer.firstName,
      paragraphs: [ts('body', { number: invoice.number, amount, date: due, reference: booking.reference })],
      details: invoiceDetails(t, invoice, locale),
      button: { href: invoiceUrl(locale, invoice.id, 'pay'), label: t('buttons.payNow') },
      link: { href: invoiceUrl(locale, invoice.id), label: t('buttons.viewInvoice') },
    });
  }
  const key = variant === 'card_failed' ? 'cardFailed' : variant;
  const tr = translator(locale, 'rentTerms.cardRetry');
  const retryText = variant === 'card_failed' && retry ? [retry.next ? tr('next', { date: formatLongDate(retry.next, locale) }) : tr('last')] : [];
  return compose({
    db,
    transport,
    template: variant === 'card_failed' ? 'card_payment_failed' : 'invoice_issued',
    // One email per declined attempt (the first keeps the key it always had).
    dedupeKey: variant === 'card_failed' ? `card_payment_failed:${invoice.id}${retry?.attempt ? `:${retry.attempt}` : ''}` : `invoice_issued:${invoice.id}`,
    locale,
    to: customer.email,
    bookingId: booking.id,
    subject: t(`invoiceIssued.${key}.subject`, { number: invoice.number, amount, date: due }),
    heading: t(`invoiceIssued.${key}.heading`),
    name: customer.firstName,
    paragraphs: [t(`invoiceIssued.${key}.body`, { number: invoice.number, amount, date: due, reference: booking.reference }), ...retryText],
    details: invoiceDetails(t, invoice, locale),
    button: variant === 'autopay' ? { href: invoiceUrl(locale, invoice.id), label: t('buttons.viewInvoice') } : { href: invoiceUrl(locale, invoice.id, 'pay'), label: t('buttons.payNow') },
    link: variant === 'autopay' ? null : { href: invoiceUrl(locale, invoice.id), label: t('buttons.viewInvoice') },
  });
}

/** Three days before the due date. */
export async function sendInvoiceReminder(db: Db, invoiceId: string, transport?: EmailTransport) {
  const { invoice, booking, customer, locale, t } = await loadInvoice(db, invoiceId);
  if (invoice.status !== 'open') return null;
  const amount = formatTHB(invoice.totalSatang, locale);
  const due = invoice.dueAt ? date(invoice.dueAt, locale) : '';
  await queueLineMessage(db, { kind: 'reminder', bookingId: booking.id, refId: invoice.id, dedupeKey: `invoice_reminder:${invoice.id}` });
  return compose({
    db,
    transport,
    template: 'invoice_reminder',
    dedupeKey: `invoice_reminder:${invoice.id}`,
    locale,
    to: customer.email,
    bookingId: booking.id,
    subject: t('reminder.subject', { amount, date: due }),
    heading: t('reminder.heading'),
    name: customer.firstName,
    paragraphs: [t('reminder.body', { number: invoice.number, amount, date: due })],
    details: invoiceDetails(t, invoice, locale),
    button: { href: invoiceUrl(locale, invoice.id, 'pay'), label: t('buttons.payNow') },
  });
}

async function bookingWithInitialInvoice(db: Db, bookingId: string) {
  const booking = await db.booking.findUniqueOrThrow({
    where: { id: bookingId },
    include: { customer: true, unitType: { select: { name: true, code: true } }, invoices: { where: { kind: 'initial' }, take: 1 } },
  });
  const locale = toLocale(booking.customer.locale || booking.locale);
  return { booking, locale, t: translator(locale, 'billingEmails'), invoice: booking.invoices[0] ?? null };
}

/** A 48-hour hold (cash, bank transfer, crypto) ends within hours. */
export async function sendHoldExpiring(db: Db, bookingId: string, transport?: EmailTransport) {
  const { booking, locale, t, invoice } = await bookingWithInitialInvoice(db, bookingId);
  if (booking.status !== 'reserved' || !booking.holdExpiresAt) return null;
  const time = formatBangkokDateTime(booking.holdExpiresAt, locale);
  const amount = formatTHB(booking.totalDueToday, locale);
  return compose({
    db,
    transport,
    template: 'hold_expiring',
    dedupeKey: `hold_expiring:${booking.id}`,
    locale,
    to: booking.customer.email,
    bookingId: booking.id,
    subject: t('holdExpiring.subject', { reference: booking.reference, time }),
    heading: t('holdExpiring.heading'),
    name: booking.customer.firstName,
    paragraphs: [t('holdExpiring.body', { reference: booking.reference, time, amount })],
    button: invoice ? { href: invoiceUrl(locale, invoice.id, 'pay'), label: t('buttons.payNow') } : null,
    link: invoice ? { href: invoiceUrl(locale, invoice.id, 'instructions'), label: t('buttons.instructions') } : null,
  });
}

/** The hold ended unpaid and the unit was released. */
export async function sendHoldExpired(db: Db, bookingId: string, transport?: EmailTransport) {
  const { booking, locale, t } = await bookingWithInitialInvoice(db, bookingId);
  if (booking.status !== 'expired') return null;
  const unitType = pickLocalized<string>(booking.unitType.name, locale) ?? booking.unitType.code.toUpperCase();
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
    paragraphs: [t('holdExpired.body', { reference: booking.reference, unitType })],
    button: { href: `${siteBase()}${localizedPath(locale, '/booking-v2')}?unit=${encodeURIComponent(booking.unitType.code)}`, label: t('buttons.bookAgain') },
  });
}

/** The unit held for 24 hours for the first person on the waiting list. */
export async function sendWaitingListOffer(db: Db, offerId: string, transport?: EmailTransport) {
  const offer = await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId }, include: { entry: true, unit: { include: { unitType: true } } } });
  const locale = toLocale(offer.entry.locale);
  const t = translator(locale, 'billingEmails');
  const unitType = pickLocalized<string>(offer.unit.unitType.name, locale) ?? offer.unit.unitType.code.toUpperCase();
  const time = formatBangkokDateTime(offer.expiresAt, locale);
  const q = new URLSearchParams({ unit: offer.unit.unitType.code, term: 'm2m', offer: offer.id, offerToken: offerToken(offer.id) });
  const position = await waitingListPosition(db, offer.entryId);
  return compose({
    db,
    transport,
    template: 'waiting_list_offer',
    dedupeKey: `waiting_list_offer:${offer.id}`,
    locale,
    to: offer.entry.email,
    bookingId: null,
    subject: t('offer.subject', { unitType }),
    heading: t('offer.heading'),
    name: offer.entry.name,
    paragraphs: [t('offer.body', { unitType, time })],
    button: { href: `${siteBase()}${localizedPath(locale, '/checkout')}?${q}`, label: t('offer.button') },
    link: position
      ? { href: `${siteBase()}${localizedPath(locale, `/waiting-list/${offer.entryId}`)}?token=${waitingListToken(offer.entryId)}`, label: t('offer.position') }
      : null,
  });
}

async function delinquencyEmail(db: Db, bookingId: string, kind: 'lateFee' | 'overlock' | 'default', dedupeKey: string, extra: { fee?: string; number?: string; payInvoiceId?: string | null }, transport?: EmailTransport) {
  const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { customer: true, invoices: { where: { status: 'open' }, orderBy: { dueAt: 'asc' } } } });
  const locale = toLocale(booking.customer.locale || booking.locale);
  const t = translator(locale, 'billingEmails');
  const arrears = booking.invoices.reduce((a, i) => a + i.totalSatang, 0);
  const oldest = booking.invoices.find((i) => i.kind === 'renewal') ?? booking.invoices[0];
  const payId = extra.payInvoiceId ?? oldest?.id ?? null;
  return compose({
    db,
    transport,
    template: kind === 'lateFee' ? 'late_fee' : kind === 'overlock' ? 'overlock' : 'default_notice',
    dedupeKey,
    locale,
    to: booking.customer.email,
    bookingId: booking.id,
    subject: t(`${kind}.subject`, { reference: booking.reference }),
    heading: t(`${kind}.heading`),
    name: booking.customer.firstName,
    paragraphs: [t(`${kind}.body`, { reference: booking.reference, fee: extra.fee ?? '', number: extra.number ?? oldest?.number ?? '', arrears: formatTHB(arrears, locale) })],
    details: booking.invoices.map((i) => ({ label: i.number, value: formatTHB(i.totalSatang, locale) })),
    button: payId ? { href: invoiceUrl(locale, payId, 'pay'), label: t('buttons.payNow') } : null,
  });
}

/** Late fee invoiced and gate access suspended (one email per late-fee invoice). */
export async function sendLateFeeNotice(db: Db, feeInvoiceId: string, transport?: EmailTransport) {
  const fee = await db.invoice.findUniqueOrThrow({ where: { id: feeInvoiceId }, include: { booking: { include: { customer: true } } } });
  const locale = toLocale(fee.booking.customer.locale || fee.booking.locale);
  const rentId = fee.dedupeKey?.split(':')[1];
  const rent = rentId ? await db.invoice.findUnique({ where: { id: rentId }, select: { number: true, id: true } }) : null;
  return delinquencyEmail(db, fee.bookingId, 'lateFee', `late_fee:${fee.id}`, { fee: formatTHB(fee.totalSatang, locale), number: rent?.number, payInvoiceId: rent?.id }, transport);
}

export async function sendOverlockNotice(db: Db, bookingId: string, feeInvoiceId: string | null, transport?: EmailTransport) {
  const fee = feeInvoiceId ? await db.invoice.findUnique({ where: { id: feeInvoiceId }, include: { booking: { include: { customer: true } } } }) : null;
  const locale = toLocale(fee?.booking.customer.locale ?? 'en');
  return delinquencyEmail(db, bookingId, 'overlock', `overlock:${bookingId}:${feeInvoiceId ?? 'none'}`, { fee: fee ? formatTHB(fee.totalSatang, locale) : '' }, transport);
}

export async function sendDefaultNotice(db: Db, bookingId: string, transport?: EmailTransport) {
  const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { defaultedAt: true } });
  return delinquencyEmail(db, bookingId, 'default', `default_notice:${bookingId}:${booking.defaultedAt?.toISOString() ?? ''}`, {}, transport);
}
