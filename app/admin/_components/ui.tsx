import type { ReactNode } from 'react';

/** Small building blocks of the staff pages (server components). */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{children}</h1>
      {actions}
    </div>
  );
}

export function Card({ title, children, className = '', id }: { title?: ReactNode; children: ReactNode; className?: string; id?: string }) {
  return (
    <section id={id} className={`scroll-mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${className}`}>
      {title ? <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2> : null}
      {children}
    </section>
  );
}

/** A column header's sort link and whether the list is sorted by it now (lib/admin/list-query.ts sortHeader). */
export type ColumnSort = { href: string; state?: 'ascending' | 'descending' } | null;

/**
 * A list's table; with `cards` its rows become cards on a phone (app/admin/admin.css), each cell labelled by its Td
 * `label`; with `sorts` (one per column, null for a column that does not sort) each header links to its sort.
 */
export function Table({ head, children, empty, cards = false, sorts }: { head: ReactNode[]; children: ReactNode; empty?: ReactNode; cards?: boolean; sorts?: ColumnSort[] }) {
  return (
    <div className={cards ? 'admin-cards admin-scroll overflow-x-auto' : 'admin-scroll overflow-x-auto'}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {head.map((h, i) => {
              const sort = sorts?.[i];
              return (
                <th key={i} scope="col" aria-sort={sort?.state} className="px-3 py-2 text-left font-semibold text-slate-700">
                  {sort ? (
                    <a href={sort.href} className="inline-flex min-h-11 items-center gap-1 hover:underline">
                      {h}
                      <span aria-hidden="true" className={sort.state ? 'text-brand-800' : 'text-slate-500'}>
                        {sort.state === 'ascending' ? '▲' : sort.state === 'descending' ? '▼' : '↕'}
                      </span>
                    </a>
                  ) : (
                    h
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
      {empty}
    </div>
  );
}

export function Td({ children, className = '', label }: { children?: ReactNode; className?: string; label?: string }) {
  return (
    <td data-label={label} className={`px-3 py-2 align-top ${className}`}>
      {children}
    </td>
  );
}

const TONES = {
  gray: 'bg-slate-100 text-slate-800',
  green: 'bg-green-100 text-green-900',
  amber: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-900',
  blue: 'bg-sky-100 text-sky-900',
} as const;

export function Badge({ tone = 'gray', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}

export function statusTone(status: string): keyof typeof TONES {
  if (['confirmed', 'active', 'paid', 'verified', 'available', 'sent', 'approved'].includes(status)) return 'green';
  if (['cancelled', 'expired', 'rejected', 'failed', 'void', 'refunded'].includes(status)) return 'red';
  if (['reserved', 'occupied', 'ended'].includes(status)) return 'blue';
  return 'amber';
}

export function Field({ label, name, children, hint }: { label: string; name?: string; children?: ReactNode; hint?: string }) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      {children ?? <input name={name} className={inputClass} />}
      {hint ? <span className="mt-1 block text-xs text-slate-600">{hint}</span> : null}
    </label>
  );
}

export const inputClass = 'block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-700 focus:ring-1 focus:ring-brand-700';

export function Dl({ rows }: { rows: [ReactNode, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v], i) => (
        <div key={i} className="contents">
          <dt className="text-slate-600">{k}</dt>
          <dd className="font-medium text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `more`: the count was capped (lib/admin/list-query.ts cappedCount), so there are pages past `pages`. */
export function Pager({ page, pages, more = false, href, labels }: { page: number; pages: number; more?: boolean; href: (page: number) => string; labels: { previous: string; next: string; page: string } }) {
  if (pages <= 1 && !more) return null;
  return (
    <nav aria-label={labels.page} className="mt-4 flex items-center gap-4 text-sm print:hidden">
      {page > 1 ? <a className="inline-flex min-h-11 items-center text-brand-700 underline" href={href(page - 1)}>{labels.previous}</a> : null}
      <span>{`${page} / ${pages}${more ? '+' : ''}`}</span>
      {page < pages || more ? <a className="inline-flex min-h-11 items-center text-brand-700 underline" href={href(page + 1)}>{labels.next}</a> : null}
    </nav>
  );
}
