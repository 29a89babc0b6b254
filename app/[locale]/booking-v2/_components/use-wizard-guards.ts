'use client';
import { useEffect, useRef } from 'react';

/** Asks before a reload or tab close while a booking is half done (docs/product-rules.md#booking-wizard). */
export function useLeavePrompt(active: boolean, message: string) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers show their own wording; the message is kept for those that still use returnValue.
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active, message]);
}

/**
 * Past step 1 the browser's back button steps the wizard back instead of leaving the page: one extra history entry
 * is kept while past step 1, and popping it moves to the previous step.
 */
export function useBackButtonGuard(step: number, onBack: () => void) {
  const guarded = useRef(false);
  const onBackRef = useRef(onBack);
  useEffect(() => {
    onBackRef.current = onBack;
  });

  useEffect(() => {
    if (step > 1 && !guarded.current) {
      // Keep Next's own history state so its router treats the entry as the same page.
      window.history.pushState({ ...(window.history.state ?? {}), bookingWizardGuard: true }, '');
      guarded.current = true;
    }
  }, [step]);

  useEffect(() => {
    const onPopState = () => {
      if (!guarded.current) return;
      guarded.current = false;
      onBackRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
}
