import type { Metadata } from 'next';
import { ListFilters } from '../_components/list-filters';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { AUDIT_SORT_KEYS, auditFiltersSchema, auditSort, searchAudit, type AuditSort } from '@/lib/admin/audit-list';
import { flatParams, listHref, sortHeader } from '@/lib/admin/list-query';
import { Card, PageTitle, Pager, Table, Td } from '../_components/ui';
import { adminDates } from '@/lib/dates/admin-dates';
import { auditActionLabel } from '@/lib/admin/audit-actions';
import { labelOf } from '@/lib/admin/labels';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.audit'))('title') };
}

/**
 * Every change staff (and customers, through the portal) made: who, when, what, before and after. Sorts by its
 * columns, pages on the server and keeps its view in the address (docs/product-rules.md#staff-lists).
 * Renders per request: staff data behind a sign-in.
 */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await adminPage('audit');
  const [t, ta, te, tl, locale] = await Promise.all([getTranslations('admin.audit'), getTranslations('admin.auditActions'), getTranslations('admin.auditEntities'), getTranslations('staffTools.lists'), getLocale()]);
  const f = auditFiltersSchema.parse(flatParams(await searchParams));
  const { rows, total, pages } = await searchAudit(db, f);
  const current = auditSort(f);
  const columns: [string, AuditSort | null][] = [
    [t('when'), 'when'],
    [t('who'), 'who'],
    [t('action'), 'action'],
    [t('entity'), 'entity'],
    [t('change'), null],
  ];
  const sortLabel = (k: AuditSort) => columns.find(([, key]) => key === k)![0];
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card>
        <div className="print:hidden">
          <ListFilters
            gridClassName="sm:grid-cols-2 md:grid-cols-4 lg:grid-cols-6"
            filters={[
              { kind: 'text', name: 'action', label: t('action'), value: f.action, placeholder: 'booking.' },
              { kind: 'text', name: 'entity', label: t('entity'), value: f.entity, placeholder: 'booking' },
              { kind: 'text', name: 'id', label: t('entityId'), value: f.id },
              { kind: 'text', name: 'actor', label: t('actor'), value: f.actor },
              { kind: 'date', name: 'from', label: t('from'), value: f.from },
              { kind: 'date', name: 'to', label: t('to'), value: f.to },
            ]}
            sort={{ keys: AUDIT_SORT_KEYS.map((k) => ({ value: k, label: sortLabel(k) })), value: f.sort, dir: f.dir }}
            submit={t('filter')}
            clearHref="/admin/audit"
          />
        </div>
      </Card>
      <div className="my-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <p>{t('count', { count: total })}</p>
        <a href={listHref('/admin/audit/export', { ...f, page: undefined })} className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 font-semibold text-brand-800 print:hidden">
          {tl('exportCsv')}
        </a>
      </div>
      <Card>
        <Table cards head={columns.map(([label]) => label)} sorts={columns.map(([, key]) => (key ? sortHeader('/admin/audit', f, key, current, key === 'when' ? 'desc' : 'asc') : null))} empty={rows.length ? undefined : <p className="p-3 text-sm text-slate-600">{tl('noRows')}</p>}>
          {rows.map((r) => {
            const data = (r.data ?? {}) as { before?: unknown; after?: unknown; note?: string | null };
            return (
              <tr key={r.id}>
                <Td label={t('when')}>{adminDates(locale).dateTime(r.createdAt)}</Td>
                <Td label={t('who')} className="break-all">{r.actorEmail ?? t('systemOrCustomer')}</Td>
                {/* The words first; the codes under them, which are what the filters above search. */}
                <Td label={t('action')}>
                  <span className="block">{auditActionLabel(ta, r.action)}</span>
                  <span className="block break-all font-mono text-xs text-slate-600">{r.action}</span>
                </Td>
                <Td label={t('entity')}>
                  <span className="block">{labelOf(te, r.entity, r.entity)}</span>
                  <span className="block break-all font-mono text-xs text-slate-600">{`${r.entity} ${r.entityId ?? ''}`}</span>
                </Td>
                <Td label={t('change')}>
                  <details>
                    <summary className="cursor-pointer text-brand-800">{data.note ?? t('show')}</summary>
                    <p className="mt-1 text-xs font-semibold">{t('before')}</p>
                    <pre className="max-w-md overflow-x-auto whitespace-pre-wrap break-all text-xs">{JSON.stringify(data.before ?? null, null, 1)}</pre>
                    <p className="mt-1 text-xs font-semibold">{t('after')}</p>
                    <pre className="max-w-md overflow-x-auto whitespace-pre-wrap break-all text-xs">{JSON.stringify(data.after ?? null, null, 1)}</pre>
                  </details>
                </Td>
              </tr>
            );
          })}
        </Table>
        <Pager page={f.page} pages={pages} href={(page) => listHref('/admin/audit', { ...f, page: page > 1 ? page : undefined })} labels={{ previous: t('previous'), next: t('next'), page: t('pages') }} />
      </Card>
    </>
  );
}
