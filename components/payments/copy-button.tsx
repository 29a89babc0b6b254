'use client';
import { useEffect, useState } from 'react';

/** Copies a wallet address or account number; the text stays selectable when the clipboard is blocked. */
export function CopyButton({ text, label, copyText, copiedText }: { text: string; label: string; copyText: string; copiedText: string }) {
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
      className="min-h-11 rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
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
