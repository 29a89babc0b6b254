import 'server-only';
import NextLink from 'next/link';
import type { ComponentProps } from 'react';
import type { Locale } from './routing';
import { getRequestLocale } from './request-locale';
import { localizedHref, type Href } from './href';

type Props = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & { href: Href; locale?: Locale };

/**
 * A link to a page in the request's language for server components. The href is localized here, so the browser gets
 * a plain next/link and no locale-resolving code (next-intl's Link is a client component that reads the locale).
 *
 * No prefetch unless a caller asks for one: next/link would fetch every visible link's page data and, for the wizard,
 * its 46 kB of script while a phone is still starting the page (Lighthouse counted them as the page's own work;
 * README "Performance"). A tap still navigates without a reload; it fetches what the prefetch would have.
 */
export async function Link({ href, locale: given, prefetch = false, ...props }: Props) {
  const locale = given ?? (await getRequestLocale());
  return <NextLink href={localizedHref(locale, href)} prefetch={prefetch} {...props} />;
}
