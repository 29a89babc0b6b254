import Script from 'next/script';
import { PageViewTracker } from './page-view-tracker';

/**
 * Google Tag Manager, only when NEXT_PUBLIC_GTM_ID is set (validated in lib/env/schema.ts). Without it nothing is
 * rendered and lib/analytics/track.ts stays a no-op.
 */
export function TagManager() {
  const id = process.env.NEXT_PUBLIC_GTM_ID?.trim();
  if (!id || !/^GTM-[A-Z0-9]+$/.test(id)) return null;
  return (
    <>
      <Script id="gtm" strategy="afterInteractive">
        {`window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});` +
          `var s=document.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtm.js?id=${id}';document.head.appendChild(s);`}
      </Script>
      <PageViewTracker />
    </>
  );
}
