'use client';

import { useState } from 'react';
import type { ConsentChoice } from '@/lib/privacy/consent-cookie';

export interface ConsentTexts {
  title: string;
  text: string;
  accept: string;
  refuse: string;
  choose: string;
  save: string;
  analytics: string;
  analyticsHint: string;
  marketing: string;
  marketingHint: string;
  readNotice: string;
}

/** The cookie choice (components/analytics/consent-manager.tsx): accept all, refuse, or choose per purpose. */
export default function ConsentBanner({ texts, noticeHref, initial, onDecide }: { texts: ConsentTexts; noticeHref: string; initial: ConsentChoice; onDecide: (c: ConsentChoice) => void }) {
  const [choosing, setChoosing] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice>(initial);
  const button = 'rounded-lg px-4 py-2 text-sm font-semibold';
  return (
    <section role="region" aria-label={texts.title} className="fixed inset-x-0 bottom-0 z-[60] border-t border-slate-200 bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.12)]">
      <div className="mx-auto max-w-3xl">
        <h2 className="text-base font-semibold text-slate-900">{texts.title}</h2>
        <p className="mt-1 text-sm text-slate-700">
          {texts.text}{' '}
          <a href={noticeHref} className="text-brand-800 underline">
            {texts.readNotice}
          </a>
        </p>
        {choosing ? (
          <fieldset className="mt-3 space-y-2">
            <legend className="sr-only">{texts.choose}</legend>
            {(['analytics', 'marketing'] as const).map((p) => (
              <label key={p} className="flex items-start gap-2 text-sm text-slate-800">
                <input type="checkbox" className="mt-1 h-4 w-4" checked={choice[p]} onChange={(e) => setChoice({ ...choice, [p]: e.target.checked })} />
                <span>
                  <span className="font-medium">{texts[p]}</span>
                  <span className="block text-slate-600">{texts[`${p}Hint`]}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={`${button} bg-brand-700 text-white hover:bg-brand-800`} onClick={() => onDecide({ analytics: true, marketing: true })}>
            {texts.accept}
          </button>
          <button type="button" className={`${button} border border-slate-300 text-slate-900 hover:bg-slate-50`} onClick={() => onDecide({ analytics: false, marketing: false })}>
            {texts.refuse}
          </button>
          {choosing ? (
            <button type="button" className={`${button} border border-slate-300 text-slate-900 hover:bg-slate-50`} onClick={() => onDecide(choice)}>
              {texts.save}
            </button>
          ) : (
            <button type="button" className={`${button} text-brand-800 underline`} onClick={() => setChoosing(true)}>
              {texts.choose}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
