import type { ReactNode } from 'react';
import { scaleBand, scaleLinear } from 'd3-scale';
import { Table, Td } from './ui';

/**
 * Dashboard charts drawn on the server as SVG (d3-scale computes the geometry; no chart code reaches the browser).
 * The SVG scales to the card's width, so it fits a phone; each figure also carries its numbers as a table.
 */
const W = 320;
const H = 180;
const PAD = { top: 10, right: 8, bottom: 24, left: 40 };
export const CHART_COLORS = ['#0f766e', '#b45309', '#1d4ed8', '#be123c', '#6d28d9', '#4d7c0f', '#0e7490', '#a16207'];

export interface Series {
  label: string;
  values: number[];
}

function Axis({ y, ticks, format }: { y: (v: number) => number; ticks: number[]; format: (v: number) => string }) {
  return (
    <g fontSize="9" fill="#475569" data-axis="y">
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
          <text x={PAD.left - 4} y={y(t) + 3} textAnchor="end">
            {format(t)}
          </text>
        </g>
      ))}
    </g>
  );
}

/**
 * Lines (kind "line") or grouped bars (kind "bar") over shared x labels. Values are drawn as given: a money chart
 * passes whole baht (not satang), so its axis reads in baht like its table. A chart whose values are all zero draws
 * its base line and says `empty` instead of an axis of zeros.
 */
export function Chart({ kind, labels, series, format, max, empty }: { kind: 'line' | 'bar'; labels: string[]; series: Series[]; format: (v: number) => string; max?: number; empty?: string }) {
  const allZero = series.every((s) => s.values.every((v) => !v));
  // Counts and baht are whole numbers: at least 4 on the axis keeps its ticks whole.
  const top = max ?? Math.max(4, ...series.flatMap((s) => s.values));
  const y = scaleLinear().domain([0, top]).nice(4).range([H - PAD.bottom, PAD.top]);
  const x = scaleBand<number>().domain(labels.map((_, i) => i)).range([PAD.left, W - PAD.right]).padding(0.2);
  const inner = scaleBand<number>().domain(series.map((_, i) => i)).range([0, x.bandwidth()]).padding(0.05);
  const every = Math.ceil(labels.length / 6);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" aria-hidden="true" focusable="false">
      <Axis y={y} ticks={allZero && empty ? [0] : y.ticks(4).filter(Number.isInteger)} format={format} />
      {allZero && empty ? (
        <text x={(PAD.left + W - PAD.right) / 2} y={(PAD.top + H - PAD.bottom) / 2} textAnchor="middle" fontSize="11" fill="#475569">
          {empty}
        </text>
      ) : null}
      {series.map((s, si) =>
        kind === 'bar' ? (
          <g key={si} data-series={si} fill={CHART_COLORS[si % CHART_COLORS.length]}>
            {s.values.map((v, i) => (
              <rect key={i} data-value={v} x={(x(i) ?? 0) + (inner(si) ?? 0)} y={y(v)} width={inner.bandwidth()} height={Math.max(0, y(0) - y(v))} />
            ))}
          </g>
        ) : (
          <g key={si} data-series={si} stroke={CHART_COLORS[si % CHART_COLORS.length]} fill={CHART_COLORS[si % CHART_COLORS.length]}>
            <polyline fill="none" strokeWidth="2" points={s.values.map((v, i) => `${(x(i) ?? 0) + x.bandwidth() / 2},${y(v)}`).join(' ')} />
            {/* each month a dot: a single month's value is seen even when the line is flat elsewhere */}
            {s.values.map((v, i) => (
              <circle key={i} data-value={v} cx={(x(i) ?? 0) + x.bandwidth() / 2} cy={y(v)} r="2.5" strokeWidth="0" />
            ))}
          </g>
        ),
      )}
      <g fontSize="9" fill="#475569" textAnchor="middle">
        {labels.map((l, i) => (i % every === 0 ? <text key={i} x={(x(i) ?? 0) + x.bandwidth() / 2} y={H - 8}>{l}</text> : null))}
      </g>
    </svg>
  );
}

/** A titled figure: legend, chart, and the same numbers as a table (rows = x labels, columns = series). */
export function ChartFigure({ id, title, numbers, labels, series, head, cell, extra, children }: { id: string; title: string; numbers: string; labels: string[]; series: Series[]; head: string; cell: (v: number) => string; extra?: Series; children: ReactNode }) {
  return (
    <figure aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption id={`${id}-title`} className="mb-2 text-lg font-semibold text-slate-900">
        {title}
      </figcaption>
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
        {series.map((s, i) => (
          <li key={s.label} className="flex items-center gap-1">
            <span className="inline-block size-3 rounded-sm" style={{ background: CHART_COLORS[i % CHART_COLORS.length] }} />
            {s.label}
          </li>
        ))}
      </ul>
      {children}
      <details className="mt-2 text-sm" open>
        {/* open by default: the numbers are the chart's text alternative; staff may fold them away */}
        <summary className="min-h-11 cursor-pointer py-2 text-brand-800">{numbers}</summary>
        <Table head={[head, ...series.map((s) => s.label), ...(extra ? [extra.label] : [])]}>
          {labels.map((l, i) => (
            <tr key={l}>
              <Td>{l}</Td>
              {series.map((s) => (
                <Td key={s.label}>{cell(s.values[i])}</Td>
              ))}
              {extra ? <Td>{extra.values[i]}</Td> : null}
            </tr>
          ))}
        </Table>
      </details>
    </figure>
  );
}
