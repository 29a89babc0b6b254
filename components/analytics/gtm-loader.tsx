'use client';

import { useEffect } from 'react';

const LOADER_ID = 'gtm-loader';

/**
 * Loads Google Tag Manager's start-up file (public/analytics/gtm-loader.js) once after the page is interactive, as
 * next/script's `afterInteractive` did, without shipping next/script's loader to every page. A script inserted by the
 * page's own trusted script is allowed by both policies: 'strict-dynamic' on nonce pages, 'self' on cached ones.
 */
export function GtmLoader({ id }: { id: string }) {
  useEffect(() => {
    if (document.getElementById(LOADER_ID)) return;
    const script = document.createElement('script');
    script.id = LOADER_ID;
    script.src = '/analytics/gtm-loader.js';
    script.async = true;
    script.dataset.gtmId = id;
    document.head.appendChild(script);
  }, [id]);
  return null;
}
