import type { Metadata } from 'next';
import { ListFilters } from '../_components/list-filters';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { pickLocalized } from '@/lib/i18n/localized';
import { flatParams, listHref, sortHeader } from '@/lib/admin/list-query';
import { searchWaitingList, WAITING_SORT_KEYS, waitingFiltersSchema, waitingSort, type WaitingSort } from '@/lib/admin/waiting-list';
import { ActionForm } from '../_components/action-form';
import { Card, PageTitle, Pager, Table, Td } from '../_components/ui';
import { notifyWaitingAction, removeWaitingAction } from './actions';
import { waitedForTypes } from '@/lib/admin/section-reads';
import { OFFER_HOLD_MS } from '@/lib/waiting-list/offer-hold';
import { adminDates } from '@/lib/dates/admin-dates';
import { formatThaiPhone } from '@/lib/format/phone';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.waitingList'))('title') };
}

/**
 * Who waits for which unit type, and a button per type to tell them when a unit of it is free. The list sorts by its
 * columns, pages on the server and keeps its view in the address (docs/product-rules.md#staff-lists).
 * Renders per request: staff data behind a sign-in.
 */
export default async function WaitingListPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await adminPage('waitingList');
  const [t, tb, tl, locale] = await Promise.all([getTranslations('admin.waitingList'), getTranslations('admin.bookings'), getTranslations('staffTools.lists'), getLocale()]);
  const filters = waitingFiltersSchema.parse(flatParams(await searchParams));
  const [types, { rows, total, pages }] = await Promise.all([
    waitedForTypes(db),
    searchWaitingList(db, filters),
  ]);
  const typeName = (u: { code: string; name: unknown }) => pickLocalized<string>(u.name, locale) ?? u.code;
  const when = adminDates(locale).dateTime;
  const current = waitingSort(filters);
  const columns: [string, WaitingSort | null][] = [
    [t('name'), 'name'],
    [t('email'), 'email'],
    [t('phone'), null],
    [t('type'), 'type'],
    [t('joined'), 'joined'],
    [t('notifiedAt'), 'notified'],
    [tl('actions'), null],
  ];
  const sortLabel = (k: WaitingSort) => columns.find(([, key]) => key === k)![0];
  const firstDir = (k: WaitingSort) => (k === 'notified' ? 'desc' : 'asc');
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      {types.length === 0 ? <p className="text-sm text-slate-600">{t('empty')}</p> : null}
      {types.length ? (
        <div className="mb-6 grid gap-3 md:grid-cols-2 print:hidden">
          {types.map((u) => (
            <Card key={u.id} title={`${typeName(u)} · ${t('counts', { waiting: u._count.waitingList, free: u._count.units })}`}>
              {u._count.units > 0 ? (
                <ActionForm action={notifyWaitingAction} submit={t('notify')} success={t('notified', { hours: OFFER_HOLD_MS / 3_600_000 })}>
                  <input type="hidden" name="unitTypeId" value={u.id} />
                </ActionForm>
              ) : (
                <p className="text-sm text-slate-600">{t('noneFree')}</p>
              )}
            </Card>
          ))}
        </div>
      ) : null}
      <Card>
        <div className="print:hidden">
          <ListFilters
            gridClassName="sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5"
            filters={[
              { kind: 'text', name: 'q', label: tl('find'), value: filters.q, placeholder: t('findHint') },
              { kind: 'select', name: 'type', label: t('type'), value: filters.type, any: tl('any'), options: types.map((u) => ({ value: u.code, label: typeName(u) })) },
            ]}
            sort={{ keys: WAITING_SORT_KEYS.map((k) => ({ value: k, label: sortLabel(k) })), value: filters.sort, dir: filters.dir }}
            submit={tl('apply')}
            clearHref="/admin/waiting-list"
          />
        </div>
      </Card>
      <div className="my-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <p>{t('count', { count: total })}</p>
        <a href={listHref('/admin/waiting-list/export', { ...filters, page: undefined })} className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 font-semibold text-brand-800 print:hidden">
          {tl('exportCsv')}
        </a>
      </div>
      <Card>
        <Table cards head={columns.map(([label]) => label)} sorts={columns.map(([, key]) => (key ? sortHeader('/admin/waiting-list', filters, key, current, firstDir(key)) : null))} empty={rows.length ? undefined : <p className="p-3 text-sm text-slate-600">{tl('noRows')}</p>}>
          {rows.map((w) => (
            <tr key={w.id}>
              <Td label={t('name')}>{w.name}</Td>
              <Td label={t('email')} className="break-all">{w.email}</Td>
              <Td label={t('phone')}>{w.phone ? formatThaiPhone(w.phone) : '—'}</Td>
              <Td label={t('type')}>{typeName(w.unitType)}</Td>
              <Td label={t('joined')}>{when(w.createdAt)}</Td>
              <Td label={t('notifiedAt')}>{when(w.notifiedAt)}</Td>
              <Td label={tl('actions')}>
                <div className="print:hidden">
                  <ActionForm action={removeWaitingAction} submit={t('remove')} danger confirm={t('removeConfirm')}>
                    <input type="hidden" name="id" value={w.id} />
                  </ActionForm>
                </div>
              </Td>
            </tr>
          ))}
        </Table>
        <Pager page={filters.page} pages={pages} href={(page) => listHref('/admin/waiting-list', { ...filters, page: page > 1 ? page : undefined })} labels={{ previous: tb('previous'), next: tb('next'), page: tb('pages') }} />
      </Card>
    </>
  );
}
