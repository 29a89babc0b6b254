import 'server-only';
import type { Db } from '@/lib/db';
import { signLink, verifyLink } from '@/lib/platform/link-signing';
import { localizedPath, type Locale } from '@/lib/i18n/routing';
import { siteBase } from '@/lib/platform/site-url';

/**
 * Marketing-type emails (waiting-list notices and offers, draft reminders) carry an unsubscribe link that works
 * without signing in (docs/product-rules.md#holds, "Emails"): a page with one button, and the one-click POST of the
 * List-Unsubscribe header (RFC 8058). Emails about a booking or a payment are not marketing and always go out.
 */
export const MARKETING_TEMPLATES: ReadonlySet<string> = new Set(['unit_available', 'waiting_list_offer', 'draft_reminder']);
const LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

const normal = (email: string) => email.trim().toLowerCase();
const linkName = (email: string) => `unsubscribe:${normal(email)}`;

export function unsubscribeQuery(email: string): string {
  return new URLSearchParams({ e: normal(email), t: signLink(linkName(email)) }).toString();
}

export function verifyUnsubscribe(email: string, token: string | null | undefined): boolean {
  return verifyLink(linkName(email), token, { lifetimeMs: LIFETIME_MS });
}

/** The page a person reads (their language). */
export function unsubscribePageUrl(email: string, locale: Locale): string {
  return `${siteBase()}${localizedPath(locale, '/unsubscribe')}?${unsubscribeQuery(email)}`;
}

/**
 * What mail programs POST to for one-click unsubscribe. `l`, the email's language, is not signed: it only chooses
 * the language of the page a person gets who opens the address in a browser (app/api/unsubscribe).
 */
export function unsubscribeOneClickUrl(email: string, locale: Locale): string {
  return `${siteBase()}/api/unsubscribe?${unsubscribeQuery(email)}&l=${locale}`;
}

export async function isSuppressed(db: Db, email: string): Promise<boolean> {
  return (await db.emailSuppression.count({ where: { email: normal(email) } })) > 0;
}

export async function suppressEmail(db: Db, email: string): Promise<void> {
  await db.emailSuppression.upsert({ where: { email: normal(email) }, create: { email: normal(email) }, update: {} });
}
