'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { OPEN_ASSISTANT_EVENT, type ChatChannels, type ChatTexts } from './texts';

// The conversation window and everything it needs load only when a visitor opens the assistant. React.lazy rather
// than next/dynamic, whose loader would add about 1.5 kB to every public page; the panel is only ever rendered after
// mount (panelOpen starts false), so there is nothing to render on the server either way.
const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(loadPanel);
// The menu too (about 0.7 kB): it loads when a pointer or focus reaches the button, before the click that opens it.
const loadMenu = () => import('./chat-menu');
const ChatMenu = lazy(() => loadMenu().then((m) => ({ default: m.ChatMenu })));

/** Kept while the assistant is open, so a reload brings the conversation back on screen. */
const OPEN_KEY = 'pss-chat-open';
/** The spec's widget delay: the button appears one second after the page. */
const APPEAR_AFTER_MS = 1000;

function PanelLoading() {
  return <div className="fixed bottom-24 right-4 z-50 h-16 w-16 animate-pulse rounded-full bg-brand-700/80" aria-hidden="true" />;
}

function remember(open: boolean) {
  try {
    if (open) localStorage.setItem(OPEN_KEY, '1');
    else localStorage.removeItem(OPEN_KEY);
  } catch {
    // Storage blocked: the assistant just starts closed after a reload.
  }
}

/**
 * The floating chat button on every public page: a menu with the AI Assistant and WhatsApp. On /booking-v2 phones
 * need the whole bottom of the screen for the wizard's Back/Next bar, so the button stays off small screens there.
 */
export function ChatLauncher({ locale, texts, channels, maxLength }: { locale: Locale; texts: ChatTexts; channels: ChatChannels; maxLength: number }) {
  const [visible, setVisible] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const inWizard = /^\/(?:(?:th|ru)\/)?booking-v2(?:\/|$)/.test(pathname ?? '');

  const openAssistant = useCallback(() => {
    setVisible(true);
    setMenuOpen(false);
    setPanelOpen(true);
    remember(true);
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setVisible(true);
      let wasOpen = false;
      try {
        wasOpen = localStorage.getItem(OPEN_KEY) === '1';
      } catch {
        // Storage blocked: start closed.
      }
      // Never reopen full screen over the wizard on a phone.
      if (wasOpen && !(inWizard && window.matchMedia('(max-width: 1023.98px)').matches)) setPanelOpen(true);
    }, APPEAR_AFTER_MS);
    window.addEventListener(OPEN_ASSISTANT_EVENT, openAssistant);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener(OPEN_ASSISTANT_EVENT, openAssistant);
    };
  }, [openAssistant, inWizard]);

  const closeMenu = useCallback(() => setMenuOpen(false), []);

  const closePanel = useCallback(() => {
    setPanelOpen(false);
    remember(false);
    toggle.current?.focus();
  }, []);

  if (!visible) return null;
  const position = 'fixed right-4 bottom-4 z-40 [@media(display-mode:standalone)]:bottom-20 print:hidden';
  return (
    <>
      <div className={`${position} ${inWizard ? 'max-lg:hidden' : ''} ${panelOpen ? 'max-sm:hidden' : ''} flex flex-col items-end gap-3`}>
        {menuOpen ? (
          <Suspense fallback={null}>
            <ChatMenu texts={texts} channels={channels} toggle={toggle} onClose={closeMenu} onAssistant={openAssistant} onReachAssistant={loadPanel} />
          </Suspense>
        ) : null}
        <button
          ref={toggle}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? 'chat-menu' : undefined}
          // One name in both states; aria-expanded tells whether the menu is open.
          aria-label={texts.launcher.open}
          onClick={() => setMenuOpen((o) => !o)}
          onPointerEnter={() => void loadMenu()}
          onFocus={() => void loadMenu()}
          className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {menuOpen ? (
            // Both icons are drawn with round-capped strokes: the same shapes as filled outlines in a fraction of the
            // bytes, and this file is in the script of every public page (docs/performance.md, "Compile hints").
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l8 8m0-8l-8 8" />
            </svg>
          ) : (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7">
              <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z" />
              {/* Three dots: round caps of zero-length strokes draw the same circles (r 1.4) in one short path. */}
              <path d="M8 11h0m4 0h0m4 0h0" className="stroke-brand-700" strokeWidth="2.8" strokeLinecap="round" />
            </svg>
          )}
        </button>
      </div>
      {panelOpen ? (
        <Suspense fallback={<PanelLoading />}>
          <ChatPanel locale={locale} texts={texts} channels={channels} maxLength={maxLength} onClose={closePanel} />
        </Suspense>
      ) : null}
    </>
  );
}
