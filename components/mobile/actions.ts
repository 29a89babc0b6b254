'use server';

import { getLocale } from 'next-intl/server';
import { db } from '@/lib/db';
import { getSetting, localizedAddress } from '@/lib/settings';

export interface ActionBarContact {
  phone: string;
  phoneHref: string;
  mapUrl: string;
  address: string;
}

/**
 * Contact details for the installed app's action bar. Fetched only once the bar is shown, so normal visits neither
 * load the bar nor make the layout read settings. No input; returns public contact data only.
 */
export async function getActionBarContact(): Promise<ActionBarContact> {
  const [contact, locale] = await Promise.all([getSetting(db, 'contact'), getLocale().catch(() => 'en')]);
  return { phone: contact.phone, phoneHref: contact.phoneHref, mapUrl: contact.mapUrl, address: localizedAddress(contact, locale) };
}
