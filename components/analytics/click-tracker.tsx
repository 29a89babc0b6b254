'use client';

import { useEffect } from 'react';
import { track } from '@/lib/analytics/track';
import { readTrackAttributes } from '@/lib/analytics/attributes';

/**
 * One click listener for the whole page: links marked with trackAttributes() (Book Now, chat platforms, hero calls
 * to action) report their event. Rendered only with a tag manager, so pages without one carry no listener.
 */
export function ClickTracker() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-track]') : null;
      const marked = el ? readTrackAttributes(el) : null;
      if (marked) track(marked.event, marked.params);
    };
    // Capture: a link that navigates away or a handler that stops propagation is still counted.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  return null;
}
