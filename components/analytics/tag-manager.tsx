import { gtmId } from '@/lib/analytics/gtm';
import { GtmLoader } from './gtm-loader';
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
      {/* A file, not an inline snippet: pages with a nonce policy run only scripts their trusted scripts load. */}
      <GtmLoader id={id} />
      <PageViewTracker />
      <ClickTracker />
    </>
  );
}
