import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { whatsappUrl } from '@/lib/settings';
import { publicSettings, publicSupplies } from '@/lib/site-data/readers';
import { isBuildPhase } from '@/lib/platform/cache/public-data';
import { log } from '@/lib/log';
import { formatTHB } from '@/lib/format/money';
import { pageMetadata } from '@/lib/seo/metadata';
import { GREENBOX_FEES } from './terms';
import { trackAttributes } from '@/lib/analytics/attributes';
import { officeHoursValues } from '@/lib/site-data/site-settings';

export const generateMetadata = pageMetadata('greenbox', '/greenbox');

// Served from cache and refreshed when public data changes (docs/product-rules.md#caching).
export const revalidate = 10;

const BENEFITS = ['eco', 'strong', 'delivered', 'storage'] as const;
const STEPS = ['order', 'deliver', 'pack', 'collect'] as const;

async function activeSupplies(locale: Locale) {
  try {
    return (await publicSupplies(locale)).map((s) => ({ id: s.id, name: s.name, price: s.priceSatang }));
  } catch (error) {
    if (!isBuildPhase()) log.error({ err: error }, 'greenbox: supplies unavailable');
    return [];
  }
}

export default async function GreenBoxPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, { contact, hours }, supplies] = await Promise.all([getTranslations('greenbox'), publicSettings(['contact', 'hours']), activeSupplies(locale)]);
  const officeHours = await officeHoursValues(hours, 'long');
  const fee = (satang: number) => formatTHB(satang, locale);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-3 text-lg text-slate-700">{t('intro')}</p>

      <section aria-labelledby="gb-what" className="mt-10">
        <h2 id="gb-what" className="text-2xl font-bold text-slate-900">{t('whatTitle')}</h2>
        <p className="mt-3 leading-relaxed text-slate-700">{t('whatText')}</p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {BENEFITS.map((b) => (
            <li key={b} className="flex items-start gap-3 rounded-lg bg-brand-50 p-4 text-slate-800">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700">
                <path fill="currentColor" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
              </svg>
              <span>{t(`benefits.${b}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="gb-how" className="mt-10">
        <h2 id="gb-how" className="text-2xl font-bold text-slate-900">{t('howTitle')}</h2>
        <ol className="mt-4 grid gap-3 sm:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s} className="rounded-lg border border-slate-200 p-4">
              <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                {i + 1}
              </span>
              <p className="mt-2 text-slate-800">{t(`steps.${s}`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="gb-terms" className="mt-10 rounded-xl border border-slate-200 p-6">
        <h2 id="gb-terms" className="text-2xl font-bold text-slate-900">{t('termsTitle')}</h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-800">
          <li>{t('terms.minimum')}</li>
          <li>{t('terms.damaged', { fee: fee(GREENBOX_FEES.damaged) })}</li>
          <li>{t('terms.cleaning', { fee: fee(GREENBOX_FEES.cleaning) })}</li>
          <li>{t('terms.lost', { fee: fee(GREENBOX_FEES.lost) })}</li>
          <li>{t('terms.abandoned')}</li>
          <li>{t('terms.access', officeHours)}</li>
        </ul>
      </section>

      {supplies.length > 0 && (
        <section aria-labelledby="gb-supplies" className="mt-10">
          <h2 id="gb-supplies" className="text-2xl font-bold text-slate-900">{t('suppliesTitle')}</h2>
          <p className="mt-2 text-slate-700">{t('suppliesIntro')}</p>
          <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {supplies.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-4 px-4 py-3">
                <span className="text-slate-800">{s.name}</span>
                <span className="font-semibold text-slate-900 tabular-nums">{formatTHB(s.price, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="gb-cta" className="mt-10 rounded-xl bg-brand-800 p-6 text-white">
        <h2 id="gb-cta" className="text-2xl font-bold">{t('ctaTitle')}</h2>
        <p className="mt-2 text-brand-50">{t('ctaText')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={`tel:${contact.phoneHref}`} className="rounded-lg bg-accent-400 px-4 py-2.5 font-semibold text-slate-900 hover:bg-accent-500">
            {t('callCta', { phone: contact.phone })}
          </a>
          <a
            href={whatsappUrl(contact, t('whatsappGreeting'))}
            {...trackAttributes('chat_platform_click', { platform: 'whatsapp', source: 'greenbox' })}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg border border-white px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            {t('whatsappCta')}
          </a>
        </div>
      </section>
    </div>
  );
}
