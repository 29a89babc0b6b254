import 'server-only';
import { notFound } from 'next/navigation';
import { env } from '@/lib/env';

/** The spec's test pages exist only outside production builds (docs/product-rules.md, site and access). */
export function devOnly(): void {
  if (env().NODE_ENV === 'production') notFound();
}

export const DEV_PAGES = ['/promptpay-demo', '/test-payment-urls', '/payment-method-test', '/mobile-booking-test'] as const;
