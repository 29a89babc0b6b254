import 'server-only';
import { cookies } from 'next/headers';

/** Staff read the admin in English or Thai; the choice is a cookie set by the switcher in the admin header. */
export const ADMIN_LOCALES = ['en', 'th'] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number];
export const ADMIN_LOCALE_COOKIE = 'ADMIN_LOCALE';

export function isAdminLocale(v: unknown): v is AdminLocale {
  return v === 'en' || v === 'th';
}

/** The staff member's language for pages outside the localized routes (/admin); English when unset. */
export async function adminLocale(): Promise<AdminLocale> {
  // Not wrapped in try/catch: cookies() signals Next that the page is dynamic by throwing, which must pass through.
  const value = (await cookies()).get(ADMIN_LOCALE_COOKIE)?.value;
  return isAdminLocale(value) ? value : 'en';
}
