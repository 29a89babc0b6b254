import { getTranslations } from 'next-intl/server';
import { formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { localizedPath, type Locale } from '@/lib/i18n/routing';
import { noticeChangeFor } from '@/lib/privacy/portal-view';

/**
 * "Our privacy notice has changed" with a link to it, once per new version at the customer's next visit to the
 * portal (lib/privacy/notice-seen.ts). Nothing when there is nothing new.
 */
export async function NoticeBanner({ email, locale, className = '' }: { email: string; locale: Locale; className?: string }) {
  const change = await noticeChangeFor(email, locale);
  if (!change) return null;
  const t = await getTranslations('privacy.noticeChanged');
  return (
    <div role="status" className={`${className} rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900`} data-testid="notice-changed">
      <p className="font-semibold">{t('title')}</p>
      <p className="mt-1">{t('body', { version: change.version, date: formatLongDate(todayInBangkok(change.changedAt), locale) })}</p>
      <a href={`${localizedPath(locale, '/legal')}#privacy`} className="mt-2 inline-block font-medium underline">
        {t('link')}
      </a>
    </div>
  );
}
