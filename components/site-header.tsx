import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { LanguageSwitcher } from './language-switcher';

export async function SiteHeader() {
  const t = await getTranslations('nav');
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="text-lg font-bold text-brand-800">
          {t('brand')}
        </Link>
        <nav aria-label={t('mainNavigation')} className="hidden gap-4 text-sm md:flex">
          <Link href="/" className="hover:text-brand-700">{t('home')}</Link>
          <Link href="/#units" className="hover:text-brand-700">{t('unitsPricing')}</Link>
        </nav>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
