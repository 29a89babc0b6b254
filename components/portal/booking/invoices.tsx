import { getTranslations } from 'next-intl/server';
import { invoiceLinks } from '@/lib/portal/links';
import { portalFormat, type PortalSectionProps } from './context';

/** The booking's invoices with what each still asks for, and the payments received. */
export async function InvoicesSection({ view, locale }: PortalSectionProps) {
  const [t, tl] = await Promise.all([getTranslations('portal'), getTranslations('lifecycle')]);
  const { money, bangkokDay, dateTime } = portalFormat(locale);
  const reference = view.booking.reference;
  return (
    <section className="rounded-2xl border border-gray-200 p-6">
      <h2 className="text-lg font-semibold text-gray-900">{t('invoices.title')}</h2>
      {view.invoices.length === 0 ? <p className="mt-2 text-sm text-gray-600">{t('invoices.none')}</p> : null}
      <ul className="mt-3 divide-y divide-gray-100 text-sm">
        {view.invoices.map((i) => {
          const links = invoiceLinks(locale, reference, i);
          return (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-mono">{i.number}</span> · {money(i.totalSatang)} · {t(`invoices.statuses.${i.status}`)}
                {i.open && i.dueAt ? <span className="block text-xs text-gray-600">{t('invoices.due', { date: bangkokDay(i.dueAt) })}</span> : null}
                {i.stillDueSatang !== null ? <span className="block text-xs text-gray-600">{tl('invoice.stillDue', { amount: money(i.stillDueSatang) })}</span> : null}
              </span>
              <span className="flex gap-3">
                <a href={links.view} className="text-brand-800 underline">{t('invoices.view')}</a>
                {i.beingChecked ? (
                  <span className="font-medium text-amber-800" data-testid="payment-being-checked">{t('invoices.checking')}</span>
                ) : i.open ? (
                  <a href={links.pay} className="text-brand-800 underline">{t('invoices.pay')}</a>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      {view.paidPayments.length ? (
        <>
          <h3 className="mt-4 font-semibold text-gray-900">{t('payments.title')}</h3>
          <ul className="mt-2 text-sm">
            {view.paidPayments.map((p) => (
              <li key={p.id}>{`${t(`methods.${p.method}`)} · ${money(p.amountSatang)} · ${p.paidAt ? dateTime(p.paidAt) : ''}`}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
