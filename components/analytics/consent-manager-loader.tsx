'use client';

import { lazy, Suspense, type ComponentProps } from 'react';
import type { ConsentManager as Manager } from './consent-manager';

// The consent manager (and with it the tag manager's loader and trackers) is fetched only on a site that configured a
// tag manager: this wrapper is all a page without one carries. It renders nothing on the server either way (the
// manager waits for the browser's cookie), so loading it after hydration changes nothing a visitor sees.
const ConsentManager = lazy(() => import('./consent-manager').then((m) => ({ default: m.ConsentManager })));

export function ConsentManagerLoader(props: ComponentProps<typeof Manager>) {
  return (
    <Suspense fallback={null}>
      <ConsentManager {...props} />
    </Suspense>
  );
}
