import { getTranslations } from 'next-intl/server';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { lineConfigFromEnv } from '@/lib/line/client';
import { PortalForm } from '../_components/portal-form';
import { linkLineAction, unlinkLineAction } from '../line-actions';
import { LINK_CODE_MINUTES } from '@/lib/line/link';

/**
 * LINE in the portal (docs/product-rules.md#line-messages): "Link LINE" gives a one-time code to send to the Official
 * Account; once it arrived, "LINE linked" with an unlink button. Nothing at all when LINE is not configured.
 */
export async function LinePanel({ bookingId, token }: { bookingId: string; token: string | undefined }) {
  if (!lineConfigFromEnv()) return null;
  const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { reference: true, customer: { select: { email: true } } } });
  const email = b.customer.email.toLowerCase();
  const [link, code] = await Promise.all([
    db.lineLink.findUnique({ where: { email }, select: { id: true } }),
    db.lineLinkCode.findFirst({ where: { email, expiresAt: { gt: new Date() } }, orderBy: { createdAt: 'desc' }, select: { code: true } }),
  ]);
  const t = await getTranslations('line.portal');
  const working = (await getTranslations('portal'))('working');
  const addFriend = env().LINE_ADD_FRIEND_URL;
  const hidden = (
    <>
      <input type="hidden" name="reference" value={b.reference} />
      {token ? <input type="hidden" name="token" value={token} /> : null}
    </>
  );
  return (
    <section className="space-y-3 rounded-2xl border border-gray-200 p-6" aria-labelledby="line-panel-title">
      <h2 id="line-panel-title" className="text-lg font-semibold text-gray-900">{t('title')}</h2>
      {link ? (
        <>
          <p className="text-sm font-semibold text-green-800" role="status">{t('linked')}</p>
          <p className="text-sm text-gray-700">{t('linkedBody')}</p>
          <PortalForm action={unlinkLineAction} submit={t('unlink')} working={working} confirm={t('unlinkConfirm')}>
            {hidden}
          </PortalForm>
        </>
      ) : (
        <>
          <p className="text-sm text-gray-700">{t('intro')}</p>
          {code ? (
            <div className="rounded-xl bg-gray-50 p-4 text-sm">
              <p>
                {t('code')}: <strong className="font-mono text-lg tracking-widest" data-testid="line-code">{code.code}</strong>
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
            {hidden}
          </PortalForm>
        </>
      )}
    </section>
  );
}
