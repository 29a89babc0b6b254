import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale, type Locale } from '@/lib/i18n/routing';
import { verifyUnsubscribe } from '@/lib/platform/mail/unsubscribe';
import { isUnsubscribed } from '@/lib/email/unsubscribe';
import { OneButtonAsk, OneButtonPage } from '../my-booking/_components/one-button-page';
import { unsubscribeAction } from './actions';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: toLocale((await params).locale), namespace: 'unsubscribe' });
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * The unsubscribe link of marketing-type emails (docs/product-rules.md#holds, "Emails"): one press, no sign-in. A
 * button rather than the visit itself, so mail scanners that open links unsubscribe nobody. Per request.
 */
export default async function UnsubscribePage({ params, searchParams }: { params: Promise<{ locale: Locale }>; searchParams: Promise<{ e?: string | string[]; t?: string | string[] }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await connection();
  const sp = await searchParams;
  const email = typeof sp.e === 'string' ? sp.e : '';
  const token = typeof sp.t === 'string' ? sp.t : '';
  const t = await getTranslations('unsubscribe');
  const valid = email.length <= 254 && verifyUnsubscribe(email, token);
  return (
    <OneButtonPage title={t('title')}>
      {!valid ? (
        <p role="alert" className="mt-4 text-gray-700">{t('invalid')}</p>
      ) : (await isUnsubscribed(email)) ? (
        <p role="status" className="mt-4 font-medium text-brand-800">{t('done', { email })}</p>
      ) : (
        <OneButtonAsk intro={t('intro', { email })} action={unsubscribeAction} button={t('button')} fields={{ e: email, t: token }} />
      )}
    </OneButtonPage>
  );
}
