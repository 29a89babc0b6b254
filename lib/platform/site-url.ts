import 'server-only';
import { env } from '@/lib/env';

/** Absolute links in emails and messages: SITE_URL is where customers reach the site. */
export function siteBase(): string {
  return env().SITE_URL;
}
