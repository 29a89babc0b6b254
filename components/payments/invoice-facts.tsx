import { getLocale, getTranslations } from 'next-intl/server';
import { uploadTexts } from '@/lib/uploads/messages';
import { MAX_UPLOAD_MB } from '@/lib/uploads/limits';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import type { Locale } from '@/lib/i18n/routing';

/** Number, amount, due date and status of an invoice, at the top of every payment page. */
export async function InvoiceFacts({ invoice, locale }: { invoice: { number: string; totalSatang: number; dueAt: Date | null; status: 'open' | 'paid' | 'void'; booking: { reference: string } }; locale: Locale }) {
  const t = await getTranslations('payment');
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border border-gray-200 bg-white p-4 text-sm">
      <dt className="text-gray-600">{t('facts.invoice')}</dt>
      <dd className="font-mono font-semibold">{invoice.number}</dd>
      <dt className="text-gray-600">{t('facts.booking')}</dt>
      <dd className="font-mono">{invoice.booking.reference}</dd>
      <dt className="text-gray-600">{t('facts.amount')}</dt>
      <dd className="text-lg font-bold text-gray-900" data-testid="amount-due">
        {formatTHB(invoice.totalSatang, locale)}
      </dd>
      {invoice.dueAt ? (
        <>
          <dt className="text-gray-600">{t('facts.dueDate')}</dt>
          <dd>{formatLongDate(todayInBangkok(invoice.dueAt), locale)}</dd>
        </>
      ) : null}
      <dt className="text-gray-600">{t('facts.status')}</dt>
      <dd className="font-semibold">{t(`statuses.${invoice.status}`)}</dd>
    </dl>
  );
}

/** The texts of the payment form (proof upload and "I've sent"), translated on the server. */
export async function paymentFormTexts(method: 'bank_transfer' | 'crypto' | 'promptpay') {
  const [t, locale] = [await getTranslations('payment.form'), await getLocale()];
  const uploads = uploadTexts(locale);
  return {
    proofTitle: t(`proofTitle.${method}`),
    proofHint: t('proofHint', { max: MAX_UPLOAD_MB }),
    choose: t('choose'),
    uploading: t('uploading'),
    uploaded: t('uploaded', { name: '{name}' }),
    invalidType: uploads.invalidType,
    tooLarge: uploads.tooLarge,
    uploadFailed: uploads.failed,
    busy: uploads.busy,
    sent: t('sent'),
    sending: t('sending'),
    doneTitle: t('doneTitle'),
    doneBody: t('doneBody'),
    paidTitle: t('paidTitle'),
    paidBody: t('paidBody'),
  };
}
