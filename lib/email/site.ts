import 'server-only';
import type { Db } from '@/lib/db';
import { getSettings, localizedAddress } from '@/lib/settings';
import type { EmailsT } from '@/lib/booking/translator';
import { env } from '@/lib/env';

/** Absolute links in emails: SITE_URL is where customers reach the site. */
export function siteBase(): string {
  return env().SITE_URL;
}

export async function emailFooter(db: Db, t: EmailsT, locale: string): Promise<string> {
  const { contact } = await getSettings(db, ['contact']);
  return t('footer', { address: localizedAddress(contact, locale), phone: contact.phone });
}
