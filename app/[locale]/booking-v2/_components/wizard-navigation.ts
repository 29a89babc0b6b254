/**
 * The wizard's navigation rules, pure: which step comes next, which steps are passed over, what leaving a step
 * records. The hook (use-wizard-navigation.ts) applies them to React state; the steps themselves are described once
 * in wizard-steps.tsx.
 */
import type { BookingDraft } from '@/lib/booking/draft';
import type { Locale } from '@/lib/i18n/routing';

export interface NavigationContext {
  /** a unit type code that can be booked now (priced and with a free unit) */
  bookable: (code: string | null) => boolean;
  /**
   * the agreement shown at step 10, once loaded: the document the customer signs (id null: the built-in one) and the
   * language it was shown in (the customer may switch language before submitting)
   */
  agreement: { id: string | null; locale: Locale } | null;
  /** ISO time of "now", for the signature */
  now: () => string;
  /** payment methods that cannot be used now (step 9 does not continue with one, e.g. a restored draft's card) */
  unavailableMethods: readonly string[];
}

export interface StepRule {
  /** Next is enabled */
  canContinue(draft: BookingDraft, ctx: NavigationContext): boolean;
  /** the step has nothing to do for this draft: passed over, with the draft changes it stands for */
  skip?(draft: BookingDraft): Partial<BookingDraft> | null;
  /** what leaving the step forward records (the signature time, the payment status) */
  complete?(draft: BookingDraft, ctx: NavigationContext): Partial<BookingDraft>;
}

/** The draft on step `target` (1-based, clamped), passing over steps that skip in the direction of travel. */
export function moveTo(steps: readonly StepRule[], draft: BookingDraft, target: number): BookingDraft {
  const clamp = (n: number) => Math.min(steps.length, Math.max(1, n));
  const direction = target >= draft.step ? 1 : -1;
  let to = clamp(target);
  let next = draft;
  for (;;) {
    const skipped = steps[to - 1].skip?.(next);
    if (!skipped) break;
    next = { ...next, ...skipped };
    const beyond = clamp(to + direction);
    if (beyond === to) break;
    to = beyond;
  }
  return { ...next, step: to };
}

export function canContinue(steps: readonly StepRule[], draft: BookingDraft, ctx: NavigationContext): boolean {
  return draft.step < steps.length && steps[draft.step - 1].canContinue(draft, ctx);
}

/** Next: records what the current step completes, then moves one step on. Refused (same draft) while Next is off. */
export function continueFrom(steps: readonly StepRule[], draft: BookingDraft, ctx: NavigationContext): BookingDraft {
  if (!canContinue(steps, draft, ctx)) return draft;
  const done = { ...draft, ...steps[draft.step - 1].complete?.(draft, ctx) };
  return moveTo(steps, done, draft.step + 1);
}

/** Previous (and the browser's back button). */
export function goBack(steps: readonly StepRule[], draft: BookingDraft): BookingDraft {
  return moveTo(steps, draft, draft.step - 1);
}
