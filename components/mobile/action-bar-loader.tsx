'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';

// The bar's code is fetched only when the site runs as an installed app (React.lazy: next/dynamic's loader would cost
// every page more than this file). The server snapshot is false, so the server never renders it.
const ActionBar = lazy(() => import('./action-bar').then((m) => ({ default: m.ActionBar })));

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
  return standalone ? (
    <Suspense fallback={null}>
      <ActionBar />
    </Suspense>
  ) : null;
}
