import 'server-only';
import { cache } from 'react';
import { getLocale } from 'next-intl/server';
import { publicSettings } from '@/lib/site-data/readers';
import { localizedAddress, type ContactSettings, type HoursSettings } from '@/lib/settings';

export interface SiteSettings {
  contact: ContactSettings;
  hours: HoursSettings;
}

/**
 * Contact details and hours for the site chrome (header, footer, home), with the address in the request's language,
 * from the public catalogue's copy (lib/site-data/readers.ts).
 */
export const getSiteSettings = cache(async (): Promise<SiteSettings> => {
  const [locale, settings] = await Promise.all([getLocale(), publicSettings(['contact', 'hours'])]);
  return { ...settings, contact: { ...settings.contact, address: localizedAddress(settings.contact, locale) } };
});

/** '09:00' → '9:00' as people write office hours. */
export function shortTime(hhmm: string): string {
  return hhmm.replace(/^0(\d)/, '$1');
}
