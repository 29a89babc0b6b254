import { env } from '@/lib/env';

/** The Google Tag Manager container id when NEXT_PUBLIC_GTM_ID is set (validated by lib/env); analytics is off otherwise. */
export function gtmId(): string | null {
  return env().NEXT_PUBLIC_GTM_ID ?? null;
}
