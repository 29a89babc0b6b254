'use client';
import { useEffect, useState } from 'react';

const LOOK = 'min-h-11 rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50';

/**
 * Copies a wallet address or account number (the payment pages and the booking wizard's crypto step); the text stays
 * selectable when the clipboard is blocked. `className` gives the button the look of the page it sits on.
 */
export function CopyButton({ text, label, copyText, copiedText, className = LOOK }: { text: string; label: string; copyText: string; copiedText: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      aria-label={label}
      className={className}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch {
          // http or permissions: the address is on screen to select by hand.
        }
      }}
    >
      {copied ? copiedText : copyText}
    </button>
  );
}
