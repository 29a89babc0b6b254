import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { inputClass } from './ui';

/** One filter of a staff list; each is a GET parameter the list's lib/admin reader validates (lib/admin/list-query.ts). */
export type ListFilter =
  | { kind: 'text'; name: string; label: string; value?: string; placeholder?: string; wide?: boolean }
  | { kind: 'date' | 'month'; name: string; label: string; value?: string }
  | { kind: 'select'; name: string; label: string; value?: string; any: string; options: readonly { value: string; label: string }[] }
  | { kind: 'checkbox'; name: string; label: string; checked?: boolean };

/**
 * The filter form every staff list shares (bookings, invoices, payments, audit, promo codes, units, the waiting list):
 * its filters, then sort and order, then apply and clear. A plain GET form, so a filtered list is a link staff can
 * keep, and the page renders the filtered rows on the server.
 */
export async function ListFilters({
  filters,
  sort,
  clearHref,
  submit,
  gridClassName,
  actionsClassName = 'flex flex-wrap items-end gap-3',
}: {
  filters: readonly ListFilter[];
  sort: { keys: readonly { value: string; label: string }[]; value?: string; dir?: string };
  clearHref: string;
  /** the submit button's text (lists say "Apply" or "Filter") */
  submit: string;
  /** the page's grid: how many columns its filters take at each width */
  gridClassName: string;
  actionsClassName?: string;
}) {
  const [tl, tb] = await Promise.all([getTranslations('staffTools.lists'), getTranslations('admin.bookings')]);
  return (
    <form method="get" className={`grid gap-3 ${gridClassName}`} role="search">
      {filters.map((f) =>
        f.kind === 'checkbox' ? (
          <label key={f.name} className="flex items-end gap-2 pb-2 text-sm">
            <input type="checkbox" name={f.name} value="1" defaultChecked={f.checked} />
            <span className="font-medium">{f.label}</span>
          </label>
        ) : (
          <label key={f.name} className={`text-sm ${f.kind === 'text' && f.wide ? 'md:col-span-2' : ''}`}>
            <span className="mb-1 block font-medium">{f.label}</span>
            {f.kind === 'select' ? (
              <select name={f.name} defaultValue={f.value ?? ''} className={inputClass}>
                <option value="">{f.any}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>{o.label}</option>
                ))}
              </select>
            ) : f.kind === 'text' ? (
              <input name={f.name} defaultValue={f.value} placeholder={f.placeholder} className={inputClass} />
            ) : (
              <input type={f.kind} name={f.name} defaultValue={f.value} className={inputClass} />
            )}
          </label>
        ),
      )}
      <label className="text-sm">
        <span className="mb-1 block font-medium">{tl('sortBy')}</span>
        <select name="sort" defaultValue={sort.value ?? ''} className={inputClass}>
          <option value="">{tl('defaultSort')}</option>
          {sort.keys.map((k) => (
            <option key={k.value} value={k.value}>{k.label}</option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium">{tl('order')}</span>
        <select name="dir" defaultValue={sort.dir ?? ''} className={inputClass}>
          <option value="">{tl('defaultSort')}</option>
          <option value="asc">{tl('asc')}</option>
          <option value="desc">{tl('desc')}</option>
        </select>
      </label>
      <div className={actionsClassName}>
        <button type="submit" className="min-h-11 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white">{submit}</button>
        <Link href={clearHref} className="inline-flex min-h-11 items-center text-sm underline">{tb('clear')}</Link>
      </div>
    </form>
  );
}
