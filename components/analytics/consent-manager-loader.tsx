'use client';

import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import type { ConsentManager as Manager } from './consent-manager';

// The consent manager (and with it the tag manager's loader and trackers) is fetched only on a site that configured a
// tag manager: this wrapper is all a page without one carries. It renders nothing on the server either way (the
// manager waits for the browser's cookie), so loading it after hydration changes nothing a visitor sees.
const ConsentManager = lazy(() => import('./consent-manager').then((m) => ({ default: m.ConsentManager })));

type Props = Omit<ComponentProps<typeof Manager>, 'settingsRequests'>;

export function ConsentManagerLoader(props: Props) {
  // Any element with `data-consent-settings` (the footer's "Cookie settings") opens the choice again. Listened for
  // here, from hydration on, so a tap while the manager is still loading is not lost: the manager opens when it comes.
  const [settingsRequests, setSettingsRequests] = useState(0);
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if ((e.target as Element | null)?.closest?.('[data-consent-settings]')) setSettingsRequests((n) => n + 1);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return (
    <Suspense fallback={null}>
      <ConsentManager {...props} settingsRequests={settingsRequests} />
    </Suspense>
  );
}
