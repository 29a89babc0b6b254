import { getTranslations } from 'next-intl/server';
import { portalPrivacyView } from '@/lib/privacy/portal-view';
import type { Locale } from '@/lib/i18n/routing';
import { formatBangkokDate } from '@/lib/dates/bangkok';
import { PRIVACY_REQUEST_DAYS } from '@/lib/privacy/subject';
import { PORTAL_REQUEST_DETAILS_MAX, PORTAL_REQUEST_KINDS } from '@/lib/privacy/portal-requests';
import { PortalForm } from '../_components/portal-form';
import { requestPrivacyAction } from '../privacy-actions';

/**
 * "Your personal data" in the portal (docs/product-rules.md#personal-data-pdpa): ask for a copy, a correction or
 * erasure, and see each request of this email with its state and the date it is due (30 days, the PDPA's period).
 */
export async function PrivacyPanel({ bookingId, token, locale }: { bookingId: string; token: string | undefined; locale: Locale }) {
  const [t, working, { reference, requests }] = await Promise.all([
    getTranslations('privacy.portal'),
    getTranslations('portal').then((p) => p('working')),
    portalPrivacyView(bookingId),
  ]);
  const day = (d: Date) => formatBangkokDate(d, locale);
  return (
    <section className="space-y-3 rounded-2xl border border-gray-200 p-6" aria-labelledby="privacy-panel-title">
      <h2 id="privacy-panel-title" className="text-lg font-semibold text-gray-900">{t('title')}</h2>
      <p className="text-sm text-gray-700">{t('intro', { days: PRIVACY_REQUEST_DAYS })}</p>
      {requests.length ? (
        <ul className="space-y-2 text-sm" aria-label={t('yourRequests')}>
          {requests.map((r) => (
            <li key={r.id} className="rounded-xl bg-gray-50 p-3" data-testid="privacy-request">
              <p className="font-semibold">{t(`kinds.${r.kind as (typeof PORTAL_REQUEST_KINDS)[number] | 'access'}`)}</p>
              <p className="text-gray-700">
                {r.status === 'open'
                  ? t('open', { received: day(r.receivedAt), due: day(r.dueAt) })
                  : r.status === 'completed'
                    ? t('completed', { date: day(r.completedAt ?? r.receivedAt) })
                    : t('refused', { date: day(r.completedAt ?? r.receivedAt) })}
              </p>
              {r.status !== 'open' && r.outcome ? <p className="mt-1 text-gray-600">{r.outcome}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <PortalForm action={requestPrivacyAction} submit={t('submit')} working={working} success={t('sent', { days: PRIVACY_REQUEST_DAYS })} resetOnSuccess>
        <input type="hidden" name="reference" value={reference} />
        {token ? <input type="hidden" name="token" value={token} /> : null}
        <fieldset className="space-y-2 text-sm">
          <legend className="font-medium text-gray-900">{t('kind')}</legend>
          {PORTAL_REQUEST_KINDS.map((k, i) => (
            <label key={k} className="flex items-start gap-2">
              <input type="radio" name="kind" value={k} defaultChecked={i === 0} className="mt-1" />
              <span>
                <span className="font-medium">{t(`kinds.${k}`)}</span>
                <span className="block text-gray-600">{t(`explain.${k}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="block text-sm">
          <span className="font-medium text-gray-900">{t('details')}</span>
          <textarea name="details" rows={3} maxLength={PORTAL_REQUEST_DETAILS_MAX} className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2" />
          <span className="block text-gray-600">{t('detailsHint')}</span>
        </label>
      </PortalForm>
    </section>
  );
}
