'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page is server HTML, true once React has taken it over. A form whose submit is handled in the
 * browser (a confirmation, a file check, a server action) keeps its button disabled until then: a tap before
 * hydration would otherwise send the form natively, as a GET of the page, and the customer's action would be lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
