import 'server-only';
import type { Db } from '@/lib/db';
import { toLocale } from '@/lib/i18n/translator';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { formatTHB } from '@/lib/format/money';
import type { EmailTransport } from '@/lib/platform/mail/send';
import { compose } from '@/lib/email/notice';
import { invoiceUrl } from '@/lib/invoices/access';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { arrearsBlockingAccess } from '@/lib/payments/ledger/arrears';
import { DEFAULT_DAY, GRACE_DAYS, OVERLOCK_DAY } from './calendar';

/** The delinquency notices (lib/billing/delinquency.ts): late fee, overlock, default. */
async function delinquencyEmail(db: Db, bookingId: string, kind: 'lateFee' | 'overlock' | 'default', dedupeKey: string, extra: { fee?: string; number?: string; payInvoiceId?: string | null; asOf: Date }, transport?: EmailTransport) {
  const booking = await db.booking.findUniqueOrThrow({
    where: { id: bookingId },
    include: {
      customer: true,
      invoices: {
        where: { status: 'open' },
        orderBy: { dueAt: 'asc' },
        include: { payments: { select: { status: true, amountSatang: true, refundedSatang: true } }, creditNotes: { select: { amountSatang: true } } },
      },
    },
  });
  const locale = toLocale(booking.customer.locale || booking.locale);
  const t = await approvedTranslator(db, locale, 'billingEmails');
  // What restores access, the same amount the portal states: overdue rent and the fees charged for it (lib/payments/ledger/arrears.ts).
  const arrears = arrearsBlockingAccess(booking.invoices, todayInBangkok(extra.asOf)).dueSatang;
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
    paragraphs: [t(`${kind}.body`, { reference: booking.reference, fee: extra.fee ?? '', number: extra.number ?? oldest?.number ?? '', arrears: formatTHB(arrears, locale), days: kind === 'overlock' ? OVERLOCK_DAY : kind === 'default' ? DEFAULT_DAY : GRACE_DAYS })],
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
  return delinquencyEmail(db, fee.bookingId, 'lateFee', `late_fee:${fee.id}`, { fee: formatTHB(fee.totalSatang, locale), number: rent?.number, payInvoiceId: rent?.id, asOf: fee.issuedAt }, transport);
}

export async function sendOverlockNotice(db: Db, bookingId: string, feeInvoiceId: string | null, transport?: EmailTransport) {
  const fee = feeInvoiceId ? await db.invoice.findUnique({ where: { id: feeInvoiceId }, include: { booking: { include: { customer: true } } } }) : null;
  const locale = toLocale(fee?.booking.customer.locale ?? 'en');
  return delinquencyEmail(db, bookingId, 'overlock', `overlock:${bookingId}:${feeInvoiceId ?? 'none'}`, { fee: fee ? formatTHB(fee.totalSatang, locale) : '', asOf: fee?.issuedAt ?? new Date() }, transport);
}

export async function sendDefaultNotice(db: Db, bookingId: string, transport?: EmailTransport) {
  const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { defaultedAt: true } });
  return delinquencyEmail(db, bookingId, 'default', `default_notice:${bookingId}:${booking.defaultedAt?.toISOString() ?? ''}`, { asOf: booking.defaultedAt ?? new Date() }, transport);
}
