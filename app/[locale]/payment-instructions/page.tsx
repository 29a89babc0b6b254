import { LinkExpired } from '@/components/portal/link-expired';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { localizedAddress, localizedBank } from '@/lib/settings';
import { formatTHB } from '@/lib/format/money';
import { formatBangkokDateTime } from '@/lib/dates/bangkok';
import { invoicePath, invoiceToken } from '@/lib/invoices/access';
import { paymentInstructionsView } from '@/lib/payments/instructions-view';
import { InvoiceFacts, paymentFormTexts } from '@/components/payments/invoice-facts';
import { InvoicePaymentForm } from '@/components/payments/invoice-payment-form';
import { CopyButton } from '@/components/payments/copy-button';
import { submitInvoicePayment } from '../pay-invoice/actions';
import { invoicePageMetadata } from '../_invoice/invoice-page';
import { ReserveNotice } from '@/components/booking/reserve-notice';
import { onReserve, reserveOpenUntil } from '@/lib/booking/no-unit';
import { unitTypeName } from '@/lib/units/listing';
import { officeHoursValues } from '@/lib/site-data/site-settings';

export const dynamic = 'force-dynamic';

export const generateMetadata = invoicePageMetadata('payment.instructions');

type SP = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
const METHODS = ['card', 'promptpay', 'bank_transfer', 'crypto', 'cash'] as const;
type Method = (typeof METHODS)[number];

/** How to pay a booking or an invoice by the chosen method (linked from the emails). */
export default async function PaymentInstructionsPage({ params, searchParams }: { params: Promise<{ locale: Locale }>; searchParams: Promise<SP> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const t = await getTranslations('payment');
  const view = await paymentInstructionsView(sp);
  // A link that no longer opens says so and offers a new one (docs/product-rules.md#links-that-no-longer-open).
  if (!view) return <LinkExpired />;
  const { invoice, bank: bankSetting, contact, hours } = view;
  const requested = one(sp.method);
  const method: Method = (METHODS as readonly string[]).includes(requested) ? (requested as Method) : invoice.booking.paymentMethod;
  const bank = localizedBank(bankSetting, locale);
  const amount = formatTHB(invoice.totalSatang, locale);
  const token = invoiceToken(invoice.id);
  const hold = invoice.kind === 'initial' && invoice.booking.status === 'reserved' ? invoice.booking.holdExpiresAt : null;
  // Booked on the reserve: no unit is held, so the hold's end is told by the notice, never as "your unit is held"
  // (docs/product-rules.md#inventory).
  const reserve = invoice.kind === 'initial' ? onReserve(invoice.booking) : null;
  const bankRows: [string, string][] = [
    [t('instructions.bank.bankName'), bank.bankName],
    [t('instructions.bank.branch'), bank.branch],
    [t('instructions.bank.accountName'), bank.accountName],
    [t('instructions.bank.accountNumber'), bank.accountNumber],
    [t('instructions.bank.swift'), bank.swift],
  ];
  const sent = invoice.payments.some((p) => p.method === 'bank_transfer' && ['pending_bank_transfer', 'proof_uploaded'].includes(p.status));

  return (
    <section className="mx-auto max-w-2xl space-y-4 px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-brand-900">{t('instructions.title')}</h1>
      <InvoiceFacts invoice={invoice} locale={locale} />
      {reserve ? (
        <ReserveNotice kind={reserve} amountSatang={invoice.booking.totalDueToday} unitType={unitTypeName(invoice.booking.unitType, locale)} until={reserveOpenUntil(invoice.booking)} />
      ) : hold ? (
        <p className="text-sm text-gray-700">{t('instructions.holdUntil', { time: formatBangkokDateTime(hold, locale) })}</p>
      ) : null}
      {invoice.status !== 'open' ? (
        <p role="status" className="font-semibold text-brand-900">
          {t(invoice.status === 'paid' ? 'pay.alreadyPaid' : 'pay.void')}
        </p>
      ) : method === 'bank_transfer' ? (
        <>
          <h2 className="text-lg font-semibold text-gray-900">{t('methods.bank_transfer')}</h2>
          <p className="text-gray-700">{t('instructions.bank.body', { amount, number: invoice.number })}</p>
          <dl className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white text-sm">
            {bankRows
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k} className="flex items-center justify-between gap-3 p-3">
                  <dt className="text-gray-700">{k}</dt>
                  <dd className="text-right font-medium text-gray-900">{v}</dd>
                </div>
              ))}
            <div className="flex items-center justify-between gap-3 p-3">
              <dt className="text-gray-700">{t('facts.amount')}</dt>
              <dd className="font-bold text-gray-900">{amount}</dd>
            </div>
          </dl>
          <CopyButton text={bank.accountNumber} label={t('instructions.bank.copyAccount')} copyText={t('crypto.copy')} copiedText={t('crypto.copied')} />
          <InvoicePaymentForm invoiceId={invoice.id} token={token} method="bank_transfer" texts={await paymentFormTexts('bank_transfer')} submit={submitInvoicePayment} initiallyDone={sent} />
        </>
      ) : method === 'cash' ? (
        <>
          <h2 className="text-lg font-semibold text-gray-900">{t('methods.cash')}</h2>
          <p className="text-gray-700">{t('instructions.cash', { amount, number: invoice.number, ...(await officeHoursValues(hours, 'long')), address: localizedAddress(contact, locale) })}</p>
        </>
      ) : method === 'crypto' ? (
        <Link href={invoicePath(locale, invoice.id, 'crypto')} className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('pay.cryptoLink')}
        </Link>
      ) : method === 'promptpay' ? (
        <Link href={invoicePath(locale, invoice.id, 'promptpay')} className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('pay.promptpayQr')}
        </Link>
      ) : (
        <Link href={invoicePath(locale, invoice.id, 'pay')} className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('pay.payByCard')}
        </Link>
      )}
      <p className="text-sm text-gray-700">{t('instructions.help', { phone: contact.phone, email: contact.email })}</p>
      <Link href={invoicePath(locale, invoice.id, 'pay')} className="inline-block font-medium text-brand-700 underline">
        {t('otherMethods')}
      </Link>
    </section>
  );
}
