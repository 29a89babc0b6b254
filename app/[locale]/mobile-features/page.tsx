import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { pageMetadata } from '@/lib/seo/metadata';

export const generateMetadata = pageMetadata('mobileFeatures', '/mobile-features');

// Served from cache and refreshed when public data changes (docs/product-rules.md#caching).
export const revalidate = 10;

const FEATURES = [
  { id: 'call', icon: 'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.24 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1Z' },
  { id: 'location', icon: 'M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z' },
  { id: 'photo', icon: 'M9 3 7.2 5H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9Zm3 15a5 5 0 1 1 0-10 5 5 0 0 1 0 10Z' },
  { id: 'alerts', icon: 'M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6V11c0-3.07-1.64-5.64-4.5-6.32V4a1.5 1.5 0 0 0-3 0v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2Z' },
] as const;

const STEP_KEYS = ['one', 'two', 'three'] as const;

export default async function MobileFeaturesPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('mobileFeatures');
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-3 text-lg text-slate-700">{t('intro')}</p>

      <section aria-labelledby="mf-features" className="mt-10">
        <h2 id="mf-features" className="text-2xl font-bold text-slate-900">{t('featuresTitle')}</h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <li key={f.id} className="flex gap-4 rounded-xl border border-slate-200 p-5">
              <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                <svg viewBox="0 0 24 24" className="h-6 w-6">
                  <path fill="currentColor" d={f.icon} />
                </svg>
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{t(`features.${f.id}.title`)}</h3>
                <p className="mt-1 text-slate-700">{t(`features.${f.id}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="mf-install" className="mt-10">
        <h2 id="mf-install" className="text-2xl font-bold text-slate-900">{t('installTitle')}</h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {(['iphone', 'android'] as const).map((platform) => (
            <div key={platform} className="rounded-xl bg-slate-50 p-5">
              <h3 className="font-semibold text-slate-900">{t(`${platform}Title`)}</h3>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-800">
                {STEP_KEYS.map((k) => (
                  <li key={k}>{t(`${platform}Steps.${k}`)}</li>
                ))}
              </ol>
            </div>
          ))}
        </div>
        <p className="mt-4 text-sm text-slate-600">{t('privacyNote')}</p>
      </section>

      <div className="mt-10">
        <Link href="/booking-v2" className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('bookCta')}
        </Link>
      </div>
    </div>
  );
}
