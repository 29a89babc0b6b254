import { getRequestConfig } from 'next-intl/server';
import { isLocale, toLocale } from './routing';
import { withOverrides } from './overrides';
import { BUSINESS_TZ } from '@/lib/dates/bangkok';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  // Public pages carry their locale in the URL; /admin has none and uses the staff member's chosen language.
  const locale = isLocale(requested)
    ? requested
    : requested === undefined
      ? await (await import('@/lib/i18n/admin-locale')).adminLocale()
      : toLocale(requested);
  const messages = (await import(`../../messages/${locale}.json`)).default;
  return {
    locale,
    messages: await withOverrides(messages, locale),
    timeZone: BUSINESS_TZ,
  };
});
