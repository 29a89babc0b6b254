import 'server-only';
import type { Db } from '@/lib/db';
import { toLocale } from '@/lib/i18n/translator';
import { approvedTranslator } from '@/lib/i18n/overrides';
import type { Locale } from '@/lib/i18n/routing';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate } from '@/lib/dates/bangkok';
import type { EmailTransport } from '@/lib/platform/mail/send';
import { compose, noticeDate, noticeElement, type Compose, type NoticeTexts } from '@/lib/email/notice';
import type { Composers } from '@/lib/platform/mail/outbox';
import { queueLineMessage } from '@/lib/line/outbox';
import { invoiceUrl } from './access';

/** The invoices' emails: payment received, invoice issued (pay, autopay, card declined, staff-issued), the reminder. */
async function loadInvoice(db: Db, invoiceId: string) {
  const invoice = await db.invoice.findUniqueOrThrow({
    where: { id: invoiceId },
    include: { booking: { include: { customer: true, unitType: { select: { name: true, code: true } }, unit: { select: { number: true } } } } },
  });
  const locale = toLocale(invoice.booking.customer.locale || invoice.booking.locale);
  return { invoice, booking: invoice.booking, customer: invoice.booking.customer, locale, t: await approvedTranslator(db, locale, 'billingEmails') };
}

function invoiceDetails(t: NoticeTexts, invoice: { number: string; totalSatang: number; dueAt: Date | null; periodStart: Date | null; periodEnd: Date | null }, locale: Locale) {
  const out = [
    { label: t('labels.invoice'), value: invoice.number },
    { label: t('labels.amount'), value: formatTHB(invoice.totalSatang, locale) },
  ];
  if (invoice.periodStart && invoice.periodEnd) {
    out.push({ label: t('labels.period'), value: `${formatLongDate(invoice.periodStart.toISOString().slice(0, 10), locale)} – ${formatLongDate(invoice.periodEnd.toISOString().slice(0, 10), locale)}` });
  }
  if (invoice.dueAt) out.push({ label: t('labels.dueDate'), value: noticeDate(invoice.dueAt, locale) });
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
    paragraphs: [t('paymentReceived.body', { amount, number: invoice.number, date: noticeDate(payment.paidAt ?? new Date(), locale) })],
    details: [
      { label: t('labels.invoice'), value: invoice.number },
      { label: t('labels.amountPaid'), value: amount },
      { label: t('labels.method'), value: (await approvedTranslator(db, locale, 'payment'))(`methods.${payment.method}`) },
      { label: t('labels.reference'), value: booking.reference },
    ],
    button: { href: invoiceUrl(locale, invoice.id), label: t('paymentReceived.button') },
  });
}

type InvoiceIssuedVariant = 'pay' | 'autopay' | 'card_failed' | 'staff';

/** A new invoice: pay link, or (saved card) when it will be charged, or the card was declined. Once per invoice and variant. */
export async function sendInvoiceIssued(
  db: Db,
  invoiceId: string,
  variant: InvoiceIssuedVariant,
  transport?: EmailTransport,
  /** card_failed: which attempt was declined (lib/billing/card-charges.ts) and the day of the next one, if any */
  retry?: { attempt: number; next: string | null },
) {
  const notice = await invoiceIssuedNotice(db, invoiceId, variant, retry);
  return notice ? compose({ ...notice, transport }) : null;
}

/**
 * The renewal invoice's email, queued in the transaction that issued the invoice (lib/billing/renewals.ts) under
 * `invoice_issued:<invoice id>` and composed here when the outbox delivers it: the pay-link or saved-card variant, as
 * the billing job's notices step (lib/billing/notices.ts) would choose; nothing once the invoice is no longer open.
 */
export async function composeInvoiceIssued(db: Db, dedupeKey: string) {
  const invoiceId = dedupeKey.startsWith('invoice_issued:') ? dedupeKey.slice('invoice_issued:'.length) : '';
  const found = await db.invoice.findUnique({ where: { id: invoiceId }, select: { booking: { select: { customer: { select: { stripeCustomerId: true } } } } } });
  if (!found) return null;
  const notice = await invoiceIssuedNotice(db, invoiceId, found.booking.customer.stripeCustomerId ? 'autopay' : 'pay');
  return notice ? { element: await noticeElement(notice), subject: notice.subject, to: notice.to } : null;
}

/** The outbox's composer for the invoice emails a transaction queues (lib/jobs/email-outbox.ts gathers it). */
export const INVOICE_COMPOSERS: Composers = { invoice_issued: (db, row) => composeInvoiceIssued(db, row.dedupeKey) };

/** The words of an invoice-issued email (null: the invoice is no longer open, nothing to send). */
async function invoiceIssuedNotice(db: Db, invoiceId: string, variant: InvoiceIssuedVariant, retry?: { attempt: number; next: string | null }): Promise<Omit<Compose, 'transport'> | null> {
  const { invoice, booking, customer, locale, t } = await loadInvoice(db, invoiceId);
  if (invoice.status !== 'open') return null;
  const amount = formatTHB(invoice.totalSatang, locale);
  const due = invoice.dueAt ? noticeDate(invoice.dueAt, locale) : noticeDate(invoice.issuedAt, locale);
  if (variant === 'staff') {
    // An invoice staff issued for fees or supplies (docs/product-rules.md#documents-staff-issue): its own texts.
    const ts = await approvedTranslator(db, locale, 'staffDocuments.email');
    return {
      db,
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
    };
  }
  const key = variant === 'card_failed' ? 'cardFailed' : variant;
  const tr = await approvedTranslator(db, locale, 'rentTerms.cardRetry');
  const retryText = variant === 'card_failed' && retry ? [retry.next ? tr('next', { date: formatLongDate(retry.next, locale) }) : tr('last')] : [];
  return {
    db,
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
  };
}

/** Three days before the due date. */
export async function sendInvoiceReminder(db: Db, invoiceId: string, transport?: EmailTransport) {
  const { invoice, booking, customer, locale, t } = await loadInvoice(db, invoiceId);
  if (invoice.status !== 'open') return null;
  const amount = formatTHB(invoice.totalSatang, locale);
  const due = invoice.dueAt ? noticeDate(invoice.dueAt, locale) : '';
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
