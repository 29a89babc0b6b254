'use client';

import dynamic from 'next/dynamic';
import { useSyncExternalStore } from 'react';

// The bar's code is fetched only when the site runs as an installed app.
const ActionBar = dynamic(() => import('./action-bar').then((m) => m.ActionBar), { ssr: false });

const QUERY = '(display-mode: standalone)';

function subscribe(onChange: () => void) {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

function isStandalone(): boolean {
  // iOS Safari reports an installed web app through navigator.standalone instead of the media query.
  return window.matchMedia(QUERY).matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function ActionBarLoader() {
  const standalone = useSyncExternalStore(subscribe, isStandalone, () => false);
  return standalone ? <ActionBar /> : null;
}
