import 'server-only';
import { cache } from 'react';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { getLocale } from 'next-intl/server';
import { defaultSetting, getSettings, localizedAddress, type ContactSettings, type HoursSettings } from './index';

export interface SiteSettings {
  contact: ContactSettings;
  hours: HoursSettings;
}

/**
 * Contact details and hours for the site chrome (header, footer, home), read once per request, with the address in the
 * request's language.
 * While `next build` prerenders static pages it uses the seeded values: build workers run in parallel and must not
 * open the embedded database; pages rendered per request show the live settings.
 */
export const getSiteSettings = cache(async (): Promise<SiteSettings> => {
  const [locale, settings] = await Promise.all([getLocale(), readSettings()]);
  return { ...settings, contact: { ...settings.contact, address: localizedAddress(settings.contact, locale) } };
});

async function readSettings(): Promise<SiteSettings> {
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) {
    return { contact: defaultSetting('contact'), hours: defaultSetting('hours') };
  }
  // Imported lazily so a build that only prerenders never opens the database.
  const { db } = await import('@/lib/db');
  return getSettings(db, ['contact', 'hours']);
}

/** '09:00' → '9:00' as people write office hours. */
export function shortTime(hhmm: string): string {
  return hhmm.replace(/^0(\d)/, '$1');
}
