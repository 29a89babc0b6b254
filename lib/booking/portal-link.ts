import 'server-only';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/routing';
import { toLocale } from '@/lib/i18n/translator';
import { portalToken } from '@/lib/platform/link-signing';

/** The signed link to one booking's page, as every email carries it. */
export function signedPortalUrl(locale: string, reference: string): string {
  return `${env().SITE_URL}${signedPortalPath(locale, reference)}`;
}

export function signedPortalPath(locale: string, reference: string): string {
  return `${localizedPath(toLocale(locale), `/my-booking/${reference}`)}?token=${portalToken(reference)}`;
}
