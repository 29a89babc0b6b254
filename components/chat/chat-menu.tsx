'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { track } from '@/lib/analytics/track';
import type { ChatChannels, ChatTexts } from './texts';

/**
 * The chat button's menu: the AI Assistant and WhatsApp. It opens with focus on its first item; Escape (back to the
 * button) or a pointer outside it and the button closes it.
 */
export function ChatMenu({
  texts,
  channels,
  toggle,
  onClose,
  onAssistant,
  onReachAssistant,
}: {
  texts: ChatTexts;
  channels: ChatChannels;
  toggle: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onAssistant: () => void;
  onReachAssistant: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        onClose();
        toggle.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !toggle.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    menu.current?.querySelector<HTMLElement>('button, a')?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose, toggle]);

  return (
    <div ref={menu} id="chat-menu" role="menu" aria-label={texts.launcher.menuTitle} className="w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
      <p className="px-3 pb-1 pt-2 text-sm font-semibold text-slate-700">{texts.launcher.menuTitle}</p>
      <button
        type="button"
        role="menuitem"
        // A pointer on its way to this item starts fetching the window's code a moment early.
        onPointerEnter={onReachAssistant}
        onClick={() => {
          track('chat_platform_click', { platform: 'ai_assistant', source: 'chat_widget' });
          onAssistant();
        }}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
          AI
        </span>
        <span>
          <span className="block font-semibold text-slate-900">{texts.launcher.ai}</span>
          <span className="block text-sm text-slate-600">{texts.launcher.aiText}</span>
        </span>
      </button>
      <a
        role="menuitem"
        href={channels.whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => {
          track('chat_platform_click', { platform: 'whatsapp', source: 'chat_widget' });
          onClose();
        }}
        className="flex items-center gap-3 rounded-lg px-3 py-2.5 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-[#0e7a3f] text-sm font-bold text-white">
          W
        </span>
        <span>
          <span className="block font-semibold text-slate-900">{texts.launcher.whatsapp}</span>
          <span className="block text-sm text-slate-600">{texts.launcher.whatsappText}</span>
          <span className="sr-only"> {texts.launcher.opensNewTab}</span>
        </span>
      </a>
    </div>
  );
}
