'use client';

import { useEffect } from 'react';
import { usePathname } from 'next/navigation';
import { track } from '@/lib/analytics/track';

/** Client-side navigations do not reload GTM, so each route change is reported as a page_view. */
export function PageViewTracker() {
  const pathname = usePathname();
  useEffect(() => {
    track('page_view', { page_path: pathname, page_location: window.location.href, page_title: document.title });
  }, [pathname]);
  return null;
}
