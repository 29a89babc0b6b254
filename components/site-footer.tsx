import { getTranslations } from 'next-intl/server';

export async function SiteFooter() {
  const t = await getTranslations('footer');
  return (
    <footer className="border-t border-slate-200 bg-slate-50 py-8 text-sm text-slate-600">
      <div className="mx-auto max-w-6xl px-4">{t('copyright', { year: new Date().getFullYear() })}</div>
    </footer>
  );
}
