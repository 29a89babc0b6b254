'use client';

import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { CONSENT_SETTINGS_HASH } from '@/lib/privacy/consent-cookie';
import type { ConsentManager as Manager } from './consent-manager';

// The consent manager (and with it the tag manager's loader and trackers) is fetched only on a site that configured a
// tag manager: this wrapper is all a page without one carries. It renders nothing on the server either way (the
// manager waits for the browser's cookie), so loading it after hydration changes nothing a visitor sees.
const ConsentManager = lazy(() => import('./consent-manager').then((m) => ({ default: m.ConsentManager })));

type Props = Omit<ComponentProps<typeof Manager>, 'settingsRequests'>;

const SETTINGS = '[data-consent-settings]';

export function ConsentManagerLoader(props: Props) {
  // Any element with `data-consent-settings` (the footer's "Cookie settings") opens the choice again. Listened for
  // here, from hydration on, so a tap while the manager is still loading is not lost: the manager opens when it comes.
  const [settingsRequests, setSettingsRequests] = useState(0);
  useEffect(() => {
    const open = () => setSettingsRequests((n) => n + 1);
    // A tap that followed the footer's link to #cookie-settings is answered here, and the address is put back as it
    // was, so a reload or a shared link does not open the choice again: a tap before this ran, and one React held back
    // from this listener (it stops a click on a part of the page it has not hydrated yet, but not the link).
    const openFromAddress = () => {
      if (location.hash !== `#${CONSENT_SETTINGS_HASH}`) return;
      history.replaceState(history.state, '', location.pathname + location.search);
      open();
    };
    openFromAddress();
    const onClick = (e: MouseEvent) => {
      if (!(e.target as Element | null)?.closest?.(SETTINGS)) return;
      e.preventDefault();
      open();
    };
    // The link stands for a button (role="button"), so Space presses it too, as it does a button.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== ' ' || !(e.target as Element | null)?.closest?.(SETTINGS)) return;
      e.preventDefault();
      open();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', openFromAddress);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('hashchange', openFromAddress);
    };
  }, []);
  return (
    <Suspense fallback={null}>
      <ConsentManager {...props} settingsRequests={settingsRequests} />
    </Suspense>
  );
}
