import 'server-only';
import { cache } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { publicSettings } from '@/lib/site-data/readers';
import { localizedAddress, type ContactSettings, type HoursSettings } from '@/lib/settings';
import { officeHoursText, type OfficeHoursText } from '@/lib/settings/office-hours';

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

/**
 * The office's days and times in the request's language, for a message's {days}, {opens} and {closes}
 * (lib/settings/office-hours.ts). `start`: the days open the sentence.
 */
export async function officeHoursValues(hours: HoursSettings, style: 'long' | 'short', start = false): Promise<OfficeHoursText> {
  const [locale, t] = await Promise.all([getLocale(), getTranslations('officeDays')]);
  return officeHoursText(t, locale, hours, style, start);
}
