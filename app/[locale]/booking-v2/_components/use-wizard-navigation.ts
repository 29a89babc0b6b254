'use client';
import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { BookingDraft } from '@/lib/booking/draft';
import { continueFrom, goBack, moveTo, type NavigationContext, type StepRule } from './wizard-navigation';
import { useBackButtonGuard } from './use-wizard-guards';

/** Scroll to the top once the new step rendered. */
const SCROLL_DELAY_MS = 50;

/**
 * The wizard's movement over React state: Next, Previous (and the browser's back button), auto-advance after a
 * choice, and on every step change the scroll to the top and the focus on the new heading. The rules are the pure
 * functions of wizard-navigation.ts.
 */
export function useWizardNavigation(
  steps: readonly StepRule[],
  draft: BookingDraft | null,
  setDraft: Dispatch<SetStateAction<BookingDraft | null>>,
  ctx: NavigationContext,
  heading: React.RefObject<HTMLHeadingElement | null>,
) {
  const step = draft?.step ?? 1;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ctxRef = useRef(ctx);
  const stepRef = useRef(step);
  useEffect(() => {
    ctxRef.current = ctx;
    stepRef.current = step;
  });

  const cancelAdvance = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const next = useCallback(() => {
    cancelAdvance();
    setDraft((d) => (d ? continueFrom(steps, d, ctxRef.current) : d));
  }, [steps, setDraft, cancelAdvance]);

  const back = useCallback(() => {
    cancelAdvance();
    setDraft((d) => (d ? goBack(steps, d) : d));
  }, [steps, setDraft, cancelAdvance]);

  const goTo = useCallback(
    (target: number) => {
      cancelAdvance();
      setDraft((d) => (d ? moveTo(steps, d, target) : d));
    },
    [steps, setDraft, cancelAdvance],
  );

  /** Auto-advance after a choice made on `from`, only if the customer is still there when the delay ends. */
  const advanceFrom = useCallback(
    (from: number, delay: number) => {
      cancelAdvance();
      timer.current = setTimeout(() => {
        timer.current = null;
        if (stepRef.current === from) next();
      }, delay);
    },
    [cancelAdvance, next],
  );

  useEffect(() => cancelAdvance, [cancelAdvance]);
  useBackButtonGuard(draft ? step : 1, back);

  // Step change: scroll to the top and move focus to the new heading so keyboard and screen-reader users follow. The
  // step the wizard opens on (the first, or the one a saved draft restores) is not a change: nothing moves then. Its
  // step is remembered when the draft arrives, so the first change after it (from the unit to the customer type) is
  // one like any other.
  const loaded = draft !== null;
  const shownStep = useRef<number | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (shownStep.current === null || shownStep.current === step) {
      shownStep.current = step;
      return;
    }
    shownStep.current = step;
    const t = setTimeout(() => {
      window.scrollTo({ top: 0, behavior: 'auto' });
      heading.current?.focus({ preventScroll: true });
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the step number and whether the draft is there matter here
  }, [step, loaded]);

  return { step, next, back, goTo, advanceFrom, cancelAdvance };
}
