'use client';

import { useMemo } from 'react';
import { chatSegments } from '@/lib/chat/text-segments';

/** A chat message as React elements: links only to our pages and channels, never raw HTML. */
export function MessageText({ text, onLink }: { text: string; onLink?: (href: string) => void }) {
  const segments = useMemo(() => chatSegments(text, typeof window === 'undefined' ? undefined : window.location.origin), [text]);
  return (
    <>
      {segments.map((s, i) => {
        if (s.kind === 'bold') return <strong key={i}>{s.text}</strong>;
        if (s.kind === 'text') return <span key={i}>{s.text}</span>;
        const external = /^https?:/.test(s.href);
        return (
          <a
            key={i}
            href={s.href}
            onClick={() => onLink?.(s.href)}
            className="font-semibold text-brand-800 underline break-words"
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {s.text}
          </a>
        );
      })}
    </>
  );
}
