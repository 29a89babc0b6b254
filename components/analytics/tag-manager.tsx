import { getLocale, getTranslations } from 'next-intl/server';
import { gtmId } from '@/lib/analytics/gtm';
import { publicLegalDocument } from '@/lib/site-data/readers';
import { toLocale } from '@/lib/i18n/translator';
import { ConsentManagerLoader } from './consent-manager-loader';

/**
 * Google Tag Manager, only when NEXT_PUBLIC_GTM_ID is set (validated in lib/env/schema.ts), and then only with the
 * visitor's consent (consent-manager.tsx, docs/product-rules.md#personal-data-pdpa). Without it nothing is rendered and
 * lib/analytics/track.ts stays a no-op.
 */
export async function TagManager() {
  const id = gtmId();
  if (!id) return null;
  const locale = toLocale(await getLocale());
  const [t, notice] = await Promise.all([getTranslations('consent'), publicLegalDocument('privacy_policy', locale)]);
  const keys = ['title', 'text', 'accept', 'refuse', 'choose', 'save', 'analytics', 'analyticsHint', 'marketing', 'marketingHint', 'readNotice'] as const;
  const texts = Object.fromEntries(keys.map((k) => [k, t(k)])) as Record<(typeof keys)[number], string>;
  return <ConsentManagerLoader id={id} noticeVersion={notice?.version ?? 1} locale={locale} noticeHref={`${locale === 'en' ? '' : `/${locale}`}/legal#privacy`} texts={texts} />;
}
