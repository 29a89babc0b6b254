import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { publicLegalDocument, publicSettings } from '@/lib/site-data/readers';
import { formatBangkokDate } from '@/lib/dates/bangkok';
import type { ActiveLegalDocument } from '@/lib/legal/documents';
import { pageMetadata } from '@/lib/seo/metadata';

export const generateMetadata = pageMetadata('legal', '/legal', { noindex: true });

// Served from cache and refreshed when public data changes (docs/product-rules.md#caching).
export const revalidate = 10;

// What the page states when no document is in the database (spec: 'Version 1', last updated 22 June 2025).
const DEFAULT_VERSION = 1;
const DEFAULT_UPDATED = new Date('2025-06-22T12:00:00+07:00');


export default async function LegalPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, contact, terms, privacy] = await Promise.all([
    getTranslations('legalPage'),
    publicSettings(['contact']).then((s) => s.contact),
    publicLegalDocument('terms_conditions', locale),
    publicLegalDocument('privacy_policy', locale),
  ]);
  const newest = [terms, privacy].filter((d): d is ActiveLegalDocument => d !== null).sort((a, b) => +b.createdAt - +a.createdAt)[0];
  const version = newest?.version ?? DEFAULT_VERSION;
  const updated = newest?.createdAt ?? DEFAULT_UPDATED;
  const sections = [
    { id: 'terms', title: t('termsTitle'), doc: terms },
    { id: 'privacy', title: t('privacyTitle'), doc: privacy },
  ];

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-2 text-slate-600">
        {t('version', { version })} · {t('lastUpdated', { date: formatBangkokDate(updated, locale) })}
      </p>
      <nav aria-label={t('onThisPage')} className="mt-6">
        <ul className="flex flex-wrap gap-3">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium text-brand-800 hover:bg-brand-50">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-4">
          <h2 id={`${s.id}-title`} className="text-2xl font-bold text-slate-900">{s.title}</h2>
          {s.doc ? (
            // Sanitized with the fixed allowlist in lib/legal/sanitize.ts before it gets here.
            <div className="legal-document mt-4 space-y-3 leading-relaxed text-slate-800 [&_a]:text-brand-800 [&_a]:underline [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc" dangerouslySetInnerHTML={{ __html: s.doc.html }} />
          ) : (
            <p className="mt-4 rounded-lg bg-slate-50 p-4 text-slate-700">{t('fallback', { phone: contact.phone, email: contact.email })}</p>
          )}
        </section>
      ))}
    </div>
  );
}
