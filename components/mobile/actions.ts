'use server';

import { z } from 'zod';
import { db } from '@/lib/db';
import { action } from '@/lib/actions/action';
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
export const getActionBarContact = action(z.undefined(), async (_none, ctx): Promise<ActionBarContact> => {
  const contact = await getSetting(db, 'contact');
  return { phone: contact.phone, phoneHref: contact.phoneHref, mapUrl: contact.mapUrl, address: localizedAddress(contact, ctx.locale) };
});
