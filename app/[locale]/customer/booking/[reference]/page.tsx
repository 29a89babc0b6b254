import { redirect } from 'next/navigation';
import { localizedPath, type Locale } from '@/lib/i18n/routing';

/** The spec's /customer/booking/{ref} links lead to the portal page, keeping the signed token. */
export default async function CustomerBookingRedirect({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale; reference: string }>;
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const [{ locale, reference }, { token }] = await Promise.all([params, searchParams]);
  const q = typeof token === 'string' ? `?token=${encodeURIComponent(token)}` : '';
  redirect(`${localizedPath(locale, `/my-booking/${encodeURIComponent(reference)}`)}${q}`);
}
