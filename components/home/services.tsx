import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import { BoxIcon, SnowIcon, TruckIcon } from './icons';

/** The three service cards: Drive-Up, Climate Controlled and GreenBox. */
export async function Services() {
  const t = await getTranslations('home.services');
  const cards = [
    { key: 'driveUp', href: '/#units', icon: <TruckIcon /> },
    { key: 'climate', href: '/#units', icon: <SnowIcon /> },
    { key: 'greenbox', href: '/greenbox', icon: <BoxIcon /> },
  ] as const;
  return (
    <section aria-labelledby="services-title" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="services-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t('title')}
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {cards.map((c) => (
          <li key={c.key} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">{c.icon}</span>
            <h3 className="mt-3 text-lg font-bold text-slate-900">{t(`${c.key}.title`)}</h3>
            <p className="mt-2 flex-1 text-slate-700">{t(`${c.key}.text`)}</p>
            <Link href={c.href} className="mt-4 font-semibold text-brand-700 hover:text-brand-900 hover:underline">
              {t(`${c.key}.cta`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
