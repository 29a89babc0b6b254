'use client';

import { useMemo, useState, type ReactNode } from 'react';
import { fillTemplate, pluralTemplate } from '@/lib/i18n/template';
import { estimate, recommendUnits, type CalculatorUnit, type Quantities } from '@/lib/space-calculator/recommend';
import type { CalculatorTexts } from './texts';
import { formatMeasure } from '@/lib/format/measures';

const MAX_QTY = 999;

/**
 * The calculator's interactive part. Its texts and its item list come from the server (texts.ts) and its unit cards
 * rendered (unit-cards.tsx), so the page ships no message formatter and no catalogue; only the running totals are
 * filled in here, from plain templates.
 */
export function SpaceCalculator({ units, texts, cards }: { units: CalculatorUnit[]; texts: CalculatorTexts; cards: Record<string, ReactNode> }) {
  const [quantities, setQuantities] = useState<Quantities>({});
  const est = useMemo(() => estimate(texts.groups.flatMap((g) => g.items), quantities), [texts, quantities]);
  const rec = useMemo(() => recommendUnits(units, est), [units, est]);
  const plural = useMemo(() => new Intl.PluralRules(texts.numberLocale), [texts]);
  const t = texts.static;
  const itemCount = fillTemplate(pluralTemplate(texts.templates.itemCount, est.itemCount, plural), { count: est.itemCount });
  const inVolume = (template: string, m3: number) => fillTemplate(template, { volume: formatMeasure(m3, texts.numberLocale) });

  const setQty = (id: string, qty: number) =>
    setQuantities((q) => ({ ...q, [id]: Math.max(0, Math.min(MAX_QTY, Math.floor(Number.isFinite(qty) ? qty : 0))) }));

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="calc-items">
        <h2 id="calc-items" className="text-xl font-bold text-slate-900">{t.itemsHeading}</h2>
        {texts.groups.map((group) => (
          <fieldset key={group.category} className="mt-5">
            <legend className="text-sm font-semibold uppercase tracking-wide text-slate-600">{group.label}</legend>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {group.items.map((item) => {
                const qty = quantities[item.id] ?? 0;
                return (
                  <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2">
                    <div className="min-w-0">
                      <div className="font-medium text-slate-900">{item.name}</div>
                      <div className="text-xs text-slate-600">{item.volumeEach}</div>
                    </div>
                    <div className="flex shrink-0 items-center gap-1">
                      <button
                        type="button"
                        onClick={() => setQty(item.id, qty - 1)}
                        disabled={qty === 0}
                        aria-label={item.decrease}
                        className="h-10 w-10 rounded-lg border border-slate-300 text-lg font-bold text-slate-800 hover:bg-slate-100 disabled:opacity-40"
                      >
                        −
                      </button>
                      <input
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={MAX_QTY}
                        value={qty}
                        onChange={(e) => setQty(item.id, e.currentTarget.valueAsNumber)}
                        aria-label={item.quantity}
                        className="h-10 w-14 rounded-lg border border-slate-300 text-center tabular-nums"
                      />
                      <button
                        type="button"
                        onClick={() => setQty(item.id, qty + 1)}
                        aria-label={item.increase}
                        className="h-10 w-10 rounded-lg border border-brand-700 bg-brand-700 text-lg font-bold text-white hover:bg-brand-800"
                      >
                        +
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </section>

      <section aria-labelledby="calc-summary" className="lg:sticky lg:top-4 lg:self-start">
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-5">
          <h2 id="calc-summary" className="text-xl font-bold text-slate-900">{t.summaryHeading}</h2>
          {/* Announced as the visitor adds items. */}
          <div aria-live="polite" className="mt-2 space-y-1 text-slate-800">
            <p className="font-semibold">{itemCount}</p>
            {est.itemCount > 0 ? (
              <>
                <p>{inVolume(texts.templates.totalVolume, est.itemsVolume)}</p>
                <p className="font-semibold text-brand-800">{inVolume(texts.templates.neededVolume, est.neededVolume)}</p>
              </>
            ) : (
              <p className="text-slate-600">{t.emptyHint}</p>
            )}
          </div>
          {est.itemCount > 0 && (
            <button type="button" onClick={() => setQuantities({})} className="mt-3 text-sm font-medium text-brand-800 underline">
              {t.reset}
            </button>
          )}
        </div>

        {rec.units.length > 0 && (
          <div className="mt-6">
            <h3 className="text-lg font-bold text-slate-900">{t.recommendedHeading}</h3>
            <ul className="mt-3 space-y-3">
              {rec.units.map((u) => {
                const best = u.code === rec.bestFit;
                return (
                  <li
                    key={u.code}
                    data-testid={`recommendation-${u.code}`}
                    className={`rounded-xl border p-4 ${best ? 'border-brand-700 bg-white ring-2 ring-brand-700' : 'border-slate-200 bg-white'}`}
                  >
                    {best && <span className="mb-1 inline-block rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t.bestFit}</span>}
                    {cards[u.code]}
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        {rec.tooBig && <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">{t.tooBig}</p>}
        <p className="mt-4 text-xs text-slate-600">{t.note}</p>
      </section>

      {/* On phones the estimate sits below a long list: a small bar keeps it in view and jumps to it. It ends before the
          chat button (bottom right, components/chat/chat-launcher.tsx), which would otherwise cover its end. */}
      {est.itemCount > 0 && (
        <a
          href="#calc-summary"
          className="fixed bottom-3 left-3 right-24 z-30 flex items-center justify-between gap-3 rounded-xl bg-brand-800 px-4 py-3 text-white shadow-lg lg:hidden"
        >
          <span className="text-sm">
            {itemCount} · {inVolume(texts.templates.volumeShort, est.neededVolume)}
          </span>
          <span className="text-sm font-semibold underline">{t.seeRecommendation}</span>
        </a>
      )}
    </div>
  );
}
