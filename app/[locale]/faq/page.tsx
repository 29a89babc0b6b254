import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { publicSettings } from '@/lib/site-data/readers';
import { pageMetadata } from '@/lib/seo/metadata';
import { faqPageJsonLd } from '@/lib/seo/structured-data';
import { JsonLd } from '@/components/seo/json-ld';
import { FAQ_IDS, faqValues } from '@/lib/faq/items';
import { officeHoursValues } from '@/lib/site-data/site-settings';

export const generateMetadata = pageMetadata('faq', '/faq');

// Served from cache and refreshed when public data changes (docs/product-rules.md#caching).
export const revalidate = 10;

export default async function FaqPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, { contact, hours }] = await Promise.all([getTranslations('faq'), publicSettings(['contact', 'hours'])]);
  const values = faqValues(locale, await officeHoursValues(hours, 'long'));
  const items = FAQ_IDS.map((id) => ({
    id,
    question: t(`items.${id}.q`),
    answer: t(`items.${id}.a`, values),
  }));

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <JsonLd data={faqPageJsonLd(items)} />
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-3 text-lg text-slate-700">{t('intro')}</p>

      <div className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((item) => (
          // Native disclosure: keyboard and screen-reader support without any client JavaScript.
          <details key={item.id} id={item.id} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
              <span>{item.question}</span>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180">
                <path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
              </svg>
            </summary>
            <p className="px-5 pb-5 leading-relaxed text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>

      <section aria-labelledby="faq-contact" className="mt-10 rounded-xl bg-brand-50 p-6">
        <h2 id="faq-contact" className="text-xl font-bold text-slate-900">{t('stillQuestions')}</h2>
        <p className="mt-2 text-slate-700">
          {t.rich('contactText', {
            phone: contact.phone,
            email: contact.email,
            call: (chunks) => (
              <a href={`tel:${contact.phoneHref}`} className="font-semibold text-brand-800 underline">
                {chunks}
              </a>
            ),
            mail: (chunks) => (
              <a href={`mailto:${contact.email}`} className="font-semibold text-brand-800 underline">
                {chunks}
              </a>
            ),
          })}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link href="/space-calculator" className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800">
            {t('calculatorCta')}
          </Link>
          <Link href="/booking-v2" className="rounded-lg border border-brand-700 bg-white px-4 py-2.5 font-semibold text-brand-800 hover:bg-brand-100">
            {t('bookCta')}
          </Link>
        </div>
      </section>
    </div>
  );
}
