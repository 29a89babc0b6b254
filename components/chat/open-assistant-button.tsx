'use client';

import type { ReactNode } from 'react';
import { track } from '@/lib/analytics/track';
import { OPEN_ASSISTANT_EVENT } from './texts';

/** Opens the assistant of the floating widget from elsewhere on the page (the home page's Live Support panel). */
export function OpenAssistantButton({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        track('chat_platform_click', { platform: 'ai_assistant', source: 'live_support' });
        window.dispatchEvent(new Event(OPEN_ASSISTANT_EVENT));
      }}
    >
      {children}
    </button>
  );
}
