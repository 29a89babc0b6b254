import { getTranslations } from 'next-intl/server';
import { db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { formatTHB } from '@/lib/format/money';
import { addDaysISO, formatLongDate } from '@/lib/dates/bangkok';
import { addMonthsISO } from '@/lib/billing/calendar';
import { prepayOptions } from '@/lib/billing/prepay';
import { invoicePath } from '@/lib/invoices/access';
import { PortalForm } from '../_components/portal-form';
import { prepayAction, replaceCardAction } from '../rent-actions';

/**
 * The rental's money over time in the portal (docs/product-rules.md#prices-over-time-prepayment-and-card-retries): its
 * own monthly rate and any announced change, months paid ahead, the prepayment offers, and the saved card.
 */
export async function RentPanel({ bookingId, locale, token, cardUpdated }: { bookingId: string; locale: Locale; token: string | undefined; cardUpdated: boolean }) {
  const b = await db.booking.findUniqueOrThrow({
    where: { id: bookingId },
    include: { customer: { select: { stripeCustomerId: true } }, rentChanges: { where: { appliedAt: null, cancelledAt: null }, orderBy: { effectiveFrom: 'asc' } } },
  });
  if (b.status !== 'confirmed' && b.status !== 'active') return null;
  const t = await getTranslations('rentTerms.portal');
  const working = (await getTranslations('portal'))('working');
  const money = (s: number) => formatTHB(s, locale);
  const day = (iso: string) => formatLongDate(iso, locale);
  const { options, openInvoice } = await prepayOptions(db, bookingId, new Date());
  const hidden = (
    <>
      <input type="hidden" name="reference" value={b.reference} />
      {token ? <input type="hidden" name="token" value={token} /> : null}
    </>
  );
  const prepaidUntil = b.paidThroughMonths && b.paidThroughMonths > b.months ? addDaysISO(addMonthsISO(b.startDate.toISOString().slice(0, 10), b.paidThroughMonths), -1) : null;
  const change = b.rentChanges[0];
  return (
    <section className="space-y-4 rounded-2xl border border-gray-200 p-6" aria-labelledby="rent-panel-title">
      <h2 id="rent-panel-title" className="text-lg font-semibold text-gray-900">{t('title')}</h2>
      <p className="text-sm">{t('rate', { rate: money(b.rentRate) })}</p>
      {change ? <p className="text-sm font-semibold">{t('rateChange', { date: day(change.effectiveFrom.toISOString().slice(0, 10)), rate: money(change.newRate) })}</p> : null}
      {prepaidUntil ? <p className="text-sm" role="status">{t('prepaidUntil', { date: day(prepaidUntil) })}</p> : null}
      {openInvoice ? (
        <p className="text-sm">
          {t('openInvoice', { number: openInvoice.number })}{' '}
          <a href={invoicePath(locale, openInvoice.id, 'pay')} className="text-brand-800 underline">{t('payOpen', { number: openInvoice.number })}</a>
        </p>
      ) : null}
      {options.length ? (
        <>
          <h3 className="font-semibold text-gray-900">{t('prepayTitle')}</h3>
          <p className="text-sm text-gray-700">{t('prepayIntro')}</p>
          <ul className="space-y-3">
            {options.map((o) => (
              <li key={o.term} className="rounded-xl border border-gray-200 p-4 text-sm">
                <p className="font-semibold">{t('option', { months: o.quote.months, from: day(o.from), to: day(o.to) })}</p>
                <p className="mt-1">{t('optionPrice', { total: money(o.quote.totalDue), saving: money(o.quote.termDiscount) })}</p>
                <div className="mt-2">
                  <PortalForm action={prepayAction} submit={t('prepayButton', { months: o.quote.months })} working={working} confirm={t('prepayConfirm', { months: o.quote.months, total: money(o.quote.totalDue) })}>
                    {hidden}
                    <input type="hidden" name="term" value={o.term} />
                  </PortalForm>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {b.customer.stripeCustomerId ? (
        <div className="border-t border-gray-100 pt-4">
          <h3 className="font-semibold text-gray-900">{t('cardTitle')}</h3>
          {cardUpdated ? <p className="mt-1 text-sm text-green-800" role="status">{t('cardUpdated')}</p> : null}
          <p className="mt-1 text-sm text-gray-700">{t('cardBody')}</p>
          <div className="mt-2">
            <PortalForm action={replaceCardAction} submit={t('replaceCard')} working={working}>
              {hidden}
            </PortalForm>
          </div>
        </div>
      ) : null}
    </section>
  );
}
