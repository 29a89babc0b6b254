'use client';

import { useEffect } from 'react';
import type { ConsentChoice } from '@/lib/privacy/consent-cookie';

const LOADER_ID = 'gtm-loader';

/**
 * Loads Google Tag Manager's start-up file (public/analytics/gtm-loader.js) once after the page is interactive, as
 * next/script's `afterInteractive` did, without shipping next/script's loader to every page. A script inserted by the
 * page's own trusted script is allowed by both policies: 'strict-dynamic' on nonce pages, 'self' on cached ones.
 * Mounted only with the visitor's consent (consent-manager.tsx), whose purposes it states first (consent mode).
 */
export function GtmLoader({ id, consent }: { id: string; consent: ConsentChoice }) {
  useEffect(() => {
    if (document.getElementById(LOADER_ID)) return;
    window.dataLayer = window.dataLayer || [];
    const m = consent.marketing ? 'granted' : 'denied';
    (function gtag(..._a: unknown[]) { window.dataLayer!.push(arguments as unknown as Record<string, unknown>); })('consent', 'default', { analytics_storage: consent.analytics ? 'granted' : 'denied', ad_storage: m, ad_user_data: m, ad_personalization: m });
    const script = document.createElement('script');
    script.id = LOADER_ID;
    script.src = '/analytics/gtm-loader.js';
    script.async = true;
    script.dataset.gtmId = id;
    document.head.appendChild(script);
  }, [id, consent.analytics, consent.marketing]);
  return null;
}
