import { getRequestConfig } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { routing } from './routing';
import { withOverrides } from './overrides';
import { BUSINESS_TZ } from '@/lib/dates/bangkok';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  // Public pages carry their locale in the URL; /admin has none and uses the staff member's chosen language.
  const locale = hasLocale(routing.locales, requested)
    ? requested
    : requested === undefined
      ? await (await import('@/lib/admin/locale')).adminLocale()
      : routing.defaultLocale;
  const messages = (await import(`../../messages/${locale}.json`)).default;
  return {
    locale,
    messages: await withOverrides(messages, locale),
    timeZone: BUSINESS_TZ,
  };
});
