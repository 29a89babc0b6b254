'use client';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, useEffect } from 'react';
import { useLocale, useTranslations } from '@/lib/i18n/compiled-client';
import { loadWaitingListDialog } from '@/components/waiting-list/load-dialog';
import { waitingListLabels } from '@/components/waiting-list/labels';
import { agreementTextFor } from '@/lib/booking/agreement';
import type { BookingDraft } from '@/lib/booking/draft';
import { emptyDraft } from '@/lib/booking/empty-draft';
import { clearWizardState, createDraft, loadWizardState, saveWizardState, type AppliedPromo, type StoredWizardState } from './client-storage';
import type { WizardData, WizardUnitType } from '@/lib/booking/wizard-data';
import { createBooking, openWizard, saveDraftForReminder, validatePromoCode } from '../actions';
import { quoteForDraft } from './wizard-quote';
import { useWizardAgreement } from './use-agreement';
import { useLeavePrompt } from './use-wizard-guards';
import { useWizardNavigation } from './use-wizard-navigation';
import { canContinue, type NavigationContext } from './wizard-navigation';
import { preloadStepsAfter, WIZARD_STEPS, type StepView } from './wizard-steps';
import { WizardProgress } from './wizard-progress';
import { RunningTotal } from './running-total';
import { primaryButton, secondaryButton } from './ui';

const TOTAL_STEPS = WIZARD_STEPS.length;
const WaitingListDialog = lazy(() => loadWaitingListDialog().then((m) => ({ default: m.WaitingListDialog })));
const ACTIONS = { checkPromo: validatePromoCode, submitBooking: createBooking };

const CODE_RE = /^[a-z0-9_-]{1,20}$/i;
const TOKEN_RE = /^[A-Za-z0-9_-]{16,64}$/;

/** ?unit= and ?unit_type= values: a unit type code, lower-cased, or null. */
function codeParam(value: string | null): string | null {
  const v = value?.trim();
  return v && CODE_RE.test(v) ? v.toLowerCase() : null;
}

/**
 * The booking wizard's state: the draft (kept in sessionStorage), the applied promo, and the step on screen. Its page
 * is a cached shell, the same for everyone: what the address asks for (?unit=, ?unit_type=, the reminder link's
 * ?draft=) is read here, in the browser, after mount.
 */
export function BookingWizard({ data }: { data: WizardData }) {
  const t = useTranslations('booking');
  const tw = useTranslations('waitingList');
  const locale = useLocale();
  const units = data.unitTypes;
  const bookable = useCallback((code: string | null) => units?.some((u) => u.code === code && u.monthlyRate > 0 && u.availableCount > 0) ?? false, [units]);
  // The server renders step 1 (the unit list) from a placeholder draft, the same on both sides so hydration matches;
  // the customer's own draft (sessionStorage or the reminder link) replaces it after mount, once its check has loaded
  // (client-storage.ts); step 1 takes no choice until then (`ready`), so none is overwritten.
  const [draft, setDraft] = useState<BookingDraft | null>(() => emptyDraft('pending-restore'));
  const [unitTypeFilter, setUnitTypeFilter] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  const opened = useRef(false);
  // A fresh draft made because the stored one could not be read: not saved over it until the customer changes it.
  const unsavedFresh = useRef<BookingDraft | null>(null);
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [proofName, setProofName] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<WizardUnitType | null>(null);
  const [leaving, setLeaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The agreement of step 10 is fetched once the customer is past the first step: the first page does not carry it.
  const openStep = restored && draft ? draft.step : 1;
  const agreementLoad = useWizardAgreement(locale, openStep >= 2, WIZARD_STEPS[openStep - 1]?.id === 'agreement');
  const shownAgreement = agreementLoad.status === 'ready' ? agreementLoad.agreement : null;

  const navigation: NavigationContext = useMemo(
    () => ({ bookable, agreement: shownAgreement && { id: shownAgreement.id, locale }, now: () => new Date().toISOString(), unavailableMethods: data.unavailableMethods ?? [] }),
    [bookable, shownAgreement, locale, data.unavailableMethods],
  );

  // Restore after mount: sessionStorage and the address's query only exist in the browser, and the server render (the
  // cached shell) must match the first client one.
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const query = new URLSearchParams(window.location.search);
    const unitCode = codeParam(query.get('unit'));
    const token = query.get('draft');
    const restore = (stored: StoredWizardState | null, unreadable = false) => {
      let next = stored?.draft ?? createDraft();
      if (unitCode && bookable(unitCode) && (next.step === 1 || !next.unitTypeCode)) next = { ...next, unitTypeCode: unitCode };
      // A unit that sold out or vanished since the draft was saved can't be booked: back to the unit choice.
      if (next.unitTypeCode && !units?.some((u) => u.code === next.unitTypeCode)) next = { ...next, unitTypeCode: null, step: 1 };
      if (unreadable) unsavedFresh.current = next;
      setUnitTypeFilter(codeParam(query.get('unit_type')));
      setDraft(next);
      setPromo(stored?.promo ?? null);
      setRestored(true);
    };
    // One small request per opened wizard: it counts the start and, for the reminder link only, brings its draft back
    // (the customer waits for it only then, as for a stored draft's check).
    const opening = openWizard({ draftToken: token && TOKEN_RE.test(token) ? token : null }).then(
      (r) => (r.ok ? r.data.draft : null),
      () => null,
    );
    const fromServer = token ? opening : Promise.resolve(null);
    void fromServer
      .then((serverDraft) => (serverDraft ? { draft: serverDraft, promo: null } : loadWizardState()))
      .then(
        (stored) => restore(stored),
        () => restore(null, true),
      );
    // The device cookie the submit's hold limits read, given now by a route handler: set during the submit, it would
    // make Next send the whole wizard page back with the answer (app/api/device/route.ts).
    void fetch('/api/device', { method: 'POST' }).catch(() => undefined);
  }, [bookable, units]);

  useEffect(() => {
    if (draft && restored && draft !== unsavedFresh.current) saveWizardState({ draft, promo });
  }, [draft, promo, restored]);

  const nav = useWizardNavigation(WIZARD_STEPS, restored ? draft : null, setDraft, navigation, headingRef);
  const step = nav.step;

  // Fetch the next screens while the customer reads this one, so Next never waits for a download.
  useEffect(() => {
    if (restored) preloadStepsAfter(step);
  }, [restored, step]);
  const unit = units?.find((u) => u.code === draft?.unitTypeCode) ?? null;

  const update = useCallback((patch: Partial<BookingDraft> | ((d: BookingDraft) => Partial<BookingDraft>)) => {
    setDraft((d) => (d ? { ...d, ...(typeof patch === 'function' ? patch(d) : patch) } : d));
  }, []);

  const runningQuote = useMemo(() => (draft ? quoteForDraft(draft, unit, data.supplies, promo, true) : ({ status: 'incomplete' } as const)), [draft, unit, data.supplies, promo]);
  const reviewQuote = useMemo(() => (draft ? quoteForDraft(draft, unit, data.supplies, promo, false) : ({ status: 'incomplete' } as const)), [draft, unit, data.supplies, promo]);
  const agreementHtml = useMemo(
    () => (draft && shownAgreement ? agreementTextFor(shownAgreement.html, draft, unit, runningQuote.status === 'ok' ? runningQuote.quote : null, locale, t) : null),
    [shownAgreement, draft, runningQuote, unit, locale, t],
  );

  const cryptoExempt = draft?.paymentMethod === 'crypto' && (step === 11 || draft.paymentStatus === 'crypto_payment_sent');
  useLeavePrompt(!!draft && !leaving && step >= 2 && step <= 11 && !cryptoExempt, t('leavePrompt'));

  if (!draft) {
    return (
      <p className="py-16 text-center text-gray-700" role="status">
        {t('loading')}
      </p>
    );
  }

  const current = WIZARD_STEPS[step - 1];
  const view: StepView = {
    draft,
    ready: restored,
    data,
    unit,
    unitTypeFilter,
    promo,
    proofName,
    agreement: { status: agreementLoad.status, title: shownAgreement?.title ?? null, html: agreementHtml },
    runningQuote,
    reviewQuote,
    update,
    setPromo,
    setProofName,
    next: nav.next,
    advanceAfter: (delay) => nav.advanceFrom(step, delay),
    choose: (patch, delay) => {
      update(patch);
      nav.advanceFrom(step, delay);
    },
    cancelAdvance: nav.cancelAdvance,
    // Called by the contact screen once its fields pass validateContact (step-contact.tsx); the server checks again.
    contactDone: () => {
      // Fire and forget: the reminder copy is a convenience and must never hold the customer up.
      saveDraftForReminder(draft)
        .then((r) => r.ok && r.data.token && update({ draftToken: r.data.token }))
        .catch(() => {});
      nav.next();
    },
    joinWaitingList: setWaitingFor,
    onBooked: () => {
      setLeaving(true);
      clearWizardState();
    },
    actions: ACTIONS,
  };
  const nextEnabled = canContinue(WIZARD_STEPS, draft, navigation);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-40 pt-6 sm:pb-32">
      <div className="print:hidden">
        <WizardProgress step={step} total={TOTAL_STEPS} name={t(`stepNames.s${step}` as 'stepNames.s1')} />
      </div>
      <h2 ref={headingRef} tabIndex={-1} className="mb-4 mt-6 text-2xl font-bold text-gray-900 outline-none">
        {current.title(t, draft)}
      </h2>
      <div data-step={step}>{current.render(view)}</div>

      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur print:hidden">
        <div className="mx-auto w-full max-w-3xl space-y-2">
          {step >= 4 ? <RunningTotal quote={runningQuote} monthlyRate={unit?.monthlyRate ?? null} /> : null}
          <nav aria-label={t('progressLabel')} className="flex items-center justify-between gap-3">
            <button type="button" className={secondaryButton} disabled={step <= 1} onClick={nav.back}>
              {t('previous')}
            </button>
            <span className="text-sm font-semibold tabular-nums text-gray-700">{t('stepCounter', { current: step, total: TOTAL_STEPS })}</span>
            {step < TOTAL_STEPS ? (
              current.form ? (
                <button type="submit" form={current.form} className={primaryButton} disabled={!nextEnabled}>
                  {t('next')}
                </button>
              ) : (
                <button type="button" className={primaryButton} disabled={!nextEnabled} onClick={nav.next}>
                  {t('next')}
                </button>
              )
            ) : (
              <span className="w-20" />
            )}
          </nav>
        </div>
      </div>

      {waitingFor ? (
        <Suspense fallback={null}>
          <WaitingListDialog
            unitTypeCode={waitingFor.code}
            unitLabel={waitingFor.name}
            labels={waitingListLabels(tw, waitingFor.name)}
            open
            onOpenChange={(open) => {
              if (!open) setWaitingFor(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
