import 'server-only';
import type { ComponentProps } from 'react';
import type { Locale } from './routing';
import { getRequestLocale } from './request-locale';
import { localizedHref, type Href } from './href';

type Props = Omit<ComponentProps<'a'>, 'href'> & { href: Href; locale?: Locale };

/**
 * A link to a page in the request's language for server components: a plain <a>, its href localized here.
 *
 * Not next/link: its client-side navigation ships about 3 kB of script (Brotli) with every public page, the margin
 * by which the pages missed their script budget (README "Performance"), and its prefetching fetched every visible
 * link's page data, and the wizard's 46 kB of script, while a phone was still starting the page. The pages it leads
 * to are cached documents (17–20 kB) whose scripts the browser already holds, so a full load costs little more.
 */
export async function Link({ href, locale: given, ...props }: Props) {
  const locale = given ?? (await getRequestLocale());
  return <a href={localizedHref(locale, href)} {...props} />;
}
