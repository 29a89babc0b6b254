import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import { trackAttributes } from '@/lib/analytics/attributes';
import { BoltIcon, ClockIcon, ShieldIcon } from './icons';

export async function Hero() {
  const t = await getTranslations('home.hero');
  const badges = [
    { label: t('badgeAccess'), icon: <ClockIcon /> },
    { label: t('badgeSecure'), icon: <ShieldIcon /> },
    { label: t('badgeQuick'), icon: <BoltIcon /> },
  ];
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{t('title')}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">{t('subtitle')}</p>
        <ul className="mt-6 flex flex-wrap gap-2" aria-label={t('badgesLabel')}>
          {badges.map((b) => (
            <li key={b.label} className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-medium sm:text-sm ring-1 ring-white/30">
              {b.icon}
              {b.label}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link href="/#units" {...trackAttributes('cta_click', { cta: 'view_units', source: 'hero' })} className="rounded-md bg-accent-400 px-5 py-3 font-semibold text-slate-950 hover:bg-accent-500">
            {t('ctaUnits')}
          </Link>
          <Link href="/booking-v2" {...trackAttributes('cta_click', { cta: 'book_now', source: 'hero' })} className="rounded-md bg-white px-5 py-3 font-semibold text-brand-900 hover:bg-brand-50">
            {t('ctaBook')}
          </Link>
        </div>
      </div>
    </section>
  );
}
