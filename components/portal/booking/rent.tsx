import { getTranslations } from 'next-intl/server';
import { PortalForm } from '@/app/[locale]/my-booking/_components/portal-form';
import { prepayAction, replaceCardAction } from '@/app/[locale]/my-booking/rent-actions';
import { invoicePath } from '@/lib/invoices/access';
import { portalFormat, type PortalSectionProps } from './context';
import { BookingRef } from './booking-ref';

type Rent = NonNullable<PortalSectionProps['view']['rent']>;

/**
 * The rental's money over time in the portal (docs/product-rules.md#prices-over-time-prepayment-and-card-retries): its
 * own monthly rate and any announced change, months paid ahead, the prepayment offers, and the saved card.
 */
export async function RentSection(props: PortalSectionProps) {
  const { view, locale, cardUpdated } = props;
  const rent = view.rent;
  if (!rent) return null;
  const t = await getTranslations('rentTerms.portal');
  const { money, date } = portalFormat(locale);
  return (
    <section className="space-y-4 rounded-2xl border border-gray-200 p-6" aria-labelledby="rent-panel-title">
      <h2 id="rent-panel-title" className="text-lg font-semibold text-gray-900">{t('title')}</h2>
      <p className="text-sm">{t('rate', { rate: money(rent.rentRate) })}</p>
      {rent.change ? <p className="text-sm font-semibold">{t('rateChange', { date: date(rent.change.effectiveFrom), rate: money(rent.change.newRate) })}</p> : null}
      {rent.prepaidUntil ? <p className="text-sm" role="status">{t('prepaidUntil', { date: date(rent.prepaidUntil) })}</p> : null}
      {rent.openInvoice ? (
        <p className="text-sm">
          {t('openInvoice', { number: rent.openInvoice.number })}{' '}
          <a href={invoicePath(locale, rent.openInvoice.id, 'pay')} className="text-brand-800 underline">{t('payOpen', { number: rent.openInvoice.number })}</a>
        </p>
      ) : null}
      {rent.options.length ? (
        <>
          <h3 className="font-semibold text-gray-900">{t('prepayTitle')}</h3>
          <p className="text-sm text-gray-700">{t('prepayIntro')}</p>
          <ul className="space-y-3">
            {rent.options.map((o) => (
              <li key={o.term} className="rounded-xl border border-gray-200 p-4 text-sm">
                <p className="font-semibold">{t('option', { months: o.quote.months, from: date(o.from), to: date(o.to) })}</p>
                <p className="mt-1">{t('optionPrice', { total: money(o.quote.totalDue), saving: money(o.quote.termDiscount) })}</p>
                <div className="mt-2">
                  <PrepayForm {...props} rent={rent} option={o} />
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {rent.hasSavedCard ? (
        <div className="border-t border-gray-100 pt-4">
          <h3 className="font-semibold text-gray-900">{t('cardTitle')}</h3>
          {cardUpdated ? <p className="mt-1 text-sm text-green-800" role="status">{t('cardUpdated')}</p> : null}
          <p className="mt-1 text-sm text-gray-700">{t('cardBody')}</p>
          <div className="mt-2">
            <ReplaceCardForm {...props} rent={rent} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

export async function PrepayForm({ locale, token, rent, option: o }: PortalSectionProps & { rent: Rent; option: Rent['options'][number] }) {
  const [t, working] = await Promise.all([getTranslations('rentTerms.portal'), getTranslations('portal').then((tp) => tp('working'))]);
  const { money } = portalFormat(locale);
  return (
    <PortalForm action={prepayAction} submit={t('prepayButton', { months: o.quote.months })} working={working} confirm={t('prepayConfirm', { months: o.quote.months, total: money(o.quote.totalDue) })}>
      <BookingRef reference={rent.reference} token={token} />
      <input type="hidden" name="term" value={o.term} />
    </PortalForm>
  );
}

export async function ReplaceCardForm({ token, rent }: PortalSectionProps & { rent: Rent }) {
  const [t, working] = await Promise.all([getTranslations('rentTerms.portal'), getTranslations('portal').then((tp) => tp('working'))]);
  return (
    <PortalForm action={replaceCardAction} submit={t('replaceCard')} working={working}>
      <BookingRef reference={rent.reference} token={token} />
    </PortalForm>
  );
}
