'use client';

import { lazy, Suspense, useCallback, useState, useSyncExternalStore } from 'react';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, consentCurrent, formatConsent, parseConsent, type ConsentChoice, type StoredConsent } from '@/lib/privacy/consent-cookie';
// The props' types live beside the lazily loaded view, so it imports nothing back (no file circle); a type import is erased.
import type { ConsentTexts } from './consent-banner';
export type { ConsentTexts };

// Loaded only when the visitor has to choose or opens the settings.
const ConsentBanner = lazy(() => import('./consent-banner'));
// And the tag manager's loader and the trackers only once the visitor agreed: a visitor who refused never fetches them.
const GtmLoader = lazy(() => import('./gtm-loader').then((m) => ({ default: m.GtmLoader })));
const PageViewTracker = lazy(() => import('./page-view-tracker').then((m) => ({ default: m.PageViewTracker })));
const ClickTracker = lazy(() => import('./click-tracker').then((m) => ({ default: m.ClickTracker })));

/** The cookie's value, or '' without one: a snapshot React compares by value. */
function cookieValue(): string {
  const raw = document.cookie.split('; ').find((c) => c.startsWith(`${CONSENT_COOKIE}=`));
  return raw ? decodeURIComponent(raw.slice(CONSENT_COOKIE.length + 1)) : '';
}
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

// Google's consent mode reads `arguments` objects from the dataLayer, as Google's own gtag() pushes them.
export function gtag(..._args: unknown[]) {
  window.dataLayer?.push(arguments as unknown as Record<string, unknown>);
}

/** Withdrawal stops at once: consent mode says denied, the tag manager's cookies go, and no event is pushed again. */
function stopTagManager(choice: ConsentChoice) {
  gtag('consent', 'update', { analytics_storage: choice.analytics ? 'granted' : 'denied', ad_storage: choice.marketing ? 'granted' : 'denied', ad_user_data: choice.marketing ? 'granted' : 'denied', ad_personalization: choice.marketing ? 'granted' : 'denied' });
  if (choice.analytics || choice.marketing) return;
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (/^(_ga|_gid|_gat|_gcl)/.test(name)) {
      for (const domain of ['', `; domain=${location.hostname}`, `; domain=.${location.hostname.split('.').slice(-2).join('.')}`]) document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
    }
  }
  document.querySelectorAll('script[src*="googletagmanager.com"], script#gtm-loader').forEach((s) => s.remove());
  // lib/analytics/track.ts pushes only while a dataLayer exists.
  delete window.dataLayer;
}

/**
 * Analytics and marketing only with the visitor's consent (docs/product-rules.md#personal-data-pdpa): the tag manager
 * loads once the visitor agreed under the current notice; until they choose, a small choice in their language is shown;
 * any element with `data-consent-settings` (the footer's "Cookie settings") opens it again.
 */
export function ConsentManager({
  id,
  noticeVersion,
  locale,
  noticeHref,
  texts,
  settingsRequests,
}: {
  id: string;
  noticeVersion: number;
  locale: string;
  noticeHref: string;
  texts: ConsentTexts;
  /** how many times "Cookie settings" was pressed (counted by the loader, consent-manager-loader.tsx) */
  settingsRequests: number;
}) {
  // null while rendering on the server: nothing is decided, nothing shown, until the browser has read its cookie.
  const raw = useSyncExternalStore(subscribe, cookieValue, () => null);
  const stored = raw === null ? null : parseConsent(raw);
  const consent = consentCurrent(stored, noticeVersion) ? stored : null;
  const [settingsOpen, setSettingsOpen] = useState(false);

  // Each press opens the choice, including one made while this component was still loading.
  const [seenRequests, setSeenRequests] = useState(0);
  if (settingsRequests !== seenRequests) {
    setSeenRequests(settingsRequests);
    if (settingsRequests > 0) setSettingsOpen(true);
  }

  const decide = useCallback(
    (choice: ConsentChoice) => {
      const visitorId = stored?.visitorId ?? crypto.randomUUID().replace(/-/g, '');
      const next: StoredConsent = { visitorId, choice, noticeVersion };
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(formatConsent(next))}; Max-Age=${CONSENT_MAX_AGE_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
      void fetch('/api/consent', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ visitorId, ...choice, method: consent ? 'settings' : 'banner', locale }),
        keepalive: true,
      }).catch(() => undefined);
      if (consent && (consent.choice.analytics || consent.choice.marketing)) stopTagManager(choice);
      setSettingsOpen(false);
      listeners.forEach((l) => l());
    },
    [stored, consent, noticeVersion, locale],
  );

  const open = raw !== null && (settingsOpen || !consent);
  const on = consent?.choice.analytics || consent?.choice.marketing;
  return (
    <>
      {consent && on ? (
        <Suspense fallback={null}>
          <GtmLoader id={id} consent={consent.choice} />
          {consent.choice.analytics ? (
            <>
              <PageViewTracker />
              <ClickTracker />
            </>
          ) : null}
        </Suspense>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <ConsentBanner texts={texts} noticeHref={noticeHref} initial={consent?.choice ?? { analytics: false, marketing: false }} onDecide={decide} />
        </Suspense>
      ) : null}
    </>
  );
}
