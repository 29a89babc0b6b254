import 'server-only';
import type { Db } from '@/lib/db';
import { getSetting, localizedAddress, type ContactSettings } from '@/lib/settings';
import type { Locale } from '@/lib/i18n/routing';
import type { Translator } from '@/lib/i18n/translator';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { unsubscribePageUrl } from '@/lib/platform/mail/unsubscribe';
import { batchRead } from '@/lib/platform/tasks/batch-reads';

/** The footer; a sender that read the contact setting with its other settings passes it (one read, not two). */
export async function emailFooter(db: Db, t: Translator<'emails'>, locale: Locale, contactSetting?: ContactSettings): Promise<string> {
  const contact = contactSetting ?? (await batchRead('settings:contact', () => getSetting(db, 'contact')));
  return t('footer', { address: localizedAddress(contact, locale), phone: contact.phone });
}

/** The unsubscribe link at the foot of a marketing-type email, in the recipient's language. */
export async function unsubscribeLink(db: Db, email: string, locale: Locale): Promise<{ href: string; label: string }> {
  return { href: unsubscribePageUrl(email, locale), label: (await approvedTranslator(db, locale, 'unsubscribe'))('footer') };
}
