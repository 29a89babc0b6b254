import { BUSINESS_TZ } from '@/lib/dates/bangkok';
import { intlLocale } from '@/lib/format/money';

/** '24 Nov 2026, 14:05' in Bangkok time, whatever the server's time zone. */
export function formatBangkokDateTime(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: BUSINESS_TZ,
    numberingSystem: 'latn',
  }).format(date);
}
