import { getRequestConfig } from 'next-intl/server';
import { toLocale } from './routing';
import { BUSINESS_TZ } from '@/lib/dates/bangkok';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = toLocale(requested);
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
    timeZone: BUSINESS_TZ,
  };
});
