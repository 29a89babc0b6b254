import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale, type Locale } from '@/lib/i18n/routing';
import { PortalForm } from '../_components/portal-form';
import { confirmSignInAction } from '../actions';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = toLocale(requested);
  const t = await getTranslations({ locale, namespace: 'portal' });
  return { title: t('signIn.confirmTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * Where the emailed link lands. The link is used up by pressing the button, not by opening the page: mail scanners
 * that open every link would otherwise spend it before the customer does.
 */
export default async function SignInLinkPage({ params, searchParams }: { params: Promise<{ locale: Locale }>; searchParams: Promise<{ token?: string | string[] }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await connection();
  const t = await getTranslations('portal');
  const token = (await searchParams).token;
  return (
    <section className="mx-auto max-w-md px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{t('signIn.confirmTitle')}</h1>
      <p className="mt-2 text-gray-700">{t('signIn.confirmBody')}</p>
      <div className="mt-6">
        <PortalForm action={confirmSignInAction} submit={t('signIn.continue')} working={t('working')}>
          <input type="hidden" name="token" value={typeof token === 'string' ? token : ''} />
        </PortalForm>
      </div>
    </section>
  );
}
