import 'server-only';
import { db } from '@/lib/db';
import { isSuppressed, suppressEmail } from '@/lib/platform/mail/unsubscribe';

/**
 * The unsubscribe link of marketing-type emails on the app's database: its page and button
 * (app/[locale]/unsubscribe) and the one-click POST of mail programs (app/api/unsubscribe). The signed link is checked
 * by the caller (verifyUnsubscribe, lib/platform/mail/unsubscribe.ts) before either.
 */
export function unsubscribe(email: string): Promise<void> {
  return suppressEmail(db, email);
}

export function isUnsubscribed(email: string): Promise<boolean> {
  return isSuppressed(db, email);
}
