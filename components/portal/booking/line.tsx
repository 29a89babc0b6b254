import { getTranslations } from 'next-intl/server';
import { PortalForm } from '@/app/[locale]/my-booking/_components/portal-form';
import { linkLineAction, unlinkLineAction } from '@/app/[locale]/my-booking/line-actions';
import { env } from '@/lib/env';
import { LINK_CODE_MINUTES } from '@/lib/line/link';
import type { PortalSectionProps } from './context';
import { BookingRef } from './booking-ref';

/**
 * LINE in the portal (docs/product-rules.md#line-messages): "Link LINE" gives a one-time code to send to the Official
 * Account; once it arrived, "LINE linked" with an unlink button. Nothing at all when LINE is not configured.
 */
export async function LineSection({ view, token }: PortalSectionProps) {
  const line = view.line;
  if (!line) return null;
  const [t, working] = await Promise.all([getTranslations('line.portal'), getTranslations('portal').then((tp) => tp('working'))]);
  const addFriend = env().LINE_ADD_FRIEND_URL;
  const ref = <BookingRef reference={line.reference} token={token} />;
  return (
    <section className="space-y-3 rounded-2xl border border-gray-200 p-6" aria-labelledby="line-panel-title">
      <h2 id="line-panel-title" className="text-lg font-semibold text-gray-900">{t('title')}</h2>
      {line.linked ? (
        <>
          <p className="text-sm font-semibold text-green-800" role="status">{t('linked')}</p>
          <p className="text-sm text-gray-700">{t('linkedBody')}</p>
          <PortalForm action={unlinkLineAction} submit={t('unlink')} working={working} confirm={t('unlinkConfirm')}>
            {ref}
          </PortalForm>
        </>
      ) : (
        <>
          <p className="text-sm text-gray-700">{t('intro')}</p>
          {line.code ? (
            <div className="rounded-xl bg-gray-50 p-4 text-sm">
              <p>
                {t('code')}: <strong className="font-mono text-lg tracking-widest" data-testid="line-code">{line.code}</strong>
              </p>
              <p className="mt-2 text-gray-700">{t('codeSteps', { minutes: LINK_CODE_MINUTES })}</p>
              {addFriend ? (
                <a href={addFriend} className="mt-2 inline-block text-brand-800 underline" rel="noopener noreferrer" target="_blank">
                  {t('addFriend')}
                </a>
              ) : null}
            </div>
          ) : null}
          <PortalForm action={linkLineAction} submit={t('link')} working={working}>
            {ref}
          </PortalForm>
        </>
      )}
    </section>
  );
}
