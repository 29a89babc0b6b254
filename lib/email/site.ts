import 'server-only';
import type { Db } from '@/lib/db';
import { getSettings } from '@/lib/settings';
import type { EmailsT } from '@/lib/booking/translator';

/** Absolute links in emails: SITE_URL is where customers reach the site. */
export function siteBase(): string {
  return (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
}

export async function emailFooter(db: Db, t: EmailsT): Promise<string> {
  const { contact } = await getSettings(db, ['contact']);
  return t('footer', { address: contact.address, phone: contact.phone });
}
