import Script from 'next/script';
import { gtmId } from '@/lib/analytics/gtm';
import { PageViewTracker } from './page-view-tracker';
import { ClickTracker } from './click-tracker';

/**
 * Google Tag Manager, only when NEXT_PUBLIC_GTM_ID is set (validated in lib/env/schema.ts). Without it nothing is
 * rendered and lib/analytics/track.ts stays a no-op.
 */
export function TagManager() {
  const id = gtmId();
  if (!id) return null;
  return (
    <>
      <Script id="gtm" strategy="afterInteractive">
        {`window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});` +
          `var s=document.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtm.js?id=${id}';document.head.appendChild(s);`}
      </Script>
      <PageViewTracker />
      <ClickTracker />
    </>
  );
}
