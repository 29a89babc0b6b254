import { getTranslations } from 'next-intl/server';
import { getRequestLocale } from '@/lib/i18n/request-locale';
import { Link } from '@/lib/i18n/link';
import { SignInLinkForm } from '@/app/[locale]/my-booking/_components/sign-in-link-form';
import { SIGN_IN_LINK_MINUTES } from '@/lib/portal/sign-in-link';

/**
 * What a portal or invoice link that no longer opens shows (expired, revoked by staff, mistyped or forged): that the
 * link does not work and a form that emails a new sign-in link, in the visitor's language. Still a 404, and the same
 * page for a booking that does not exist, so it tells nobody whether a reference is real
 * (docs/product-rules.md#links-that-no-longer-open).
 */
export async function LinkExpired() {
  const locale = await getRequestLocale();
  const t = await getTranslations({ locale, namespace: 'portal' });
  return (
    <section className="mx-auto max-w-md px-4 py-10" data-testid="link-expired">
      <h1 className="text-2xl font-bold text-brand-900">{t('linkExpired.title')}</h1>
      <p className="mt-2 text-gray-700">{t('linkExpired.body')}</p>
      <div className="mt-6">
        <SignInLinkForm locale={locale} />
      </div>
      <p className="mt-4 text-sm text-gray-600">{t('linkExpired.hint', { minutes: SIGN_IN_LINK_MINUTES })}</p>
      <p className="mt-6 text-sm">
        <Link href="/" locale={locale} className="text-brand-800 underline">
          {t('linkExpired.home')}
        </Link>
      </p>
    </section>
  );
}
