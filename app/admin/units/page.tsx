import type { Metadata } from 'next';
import Link from 'next/link';
import { ListFilters } from '../_components/list-filters';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { pickLocalized } from '@/lib/i18n/localized';
import { flatParams, listHref, sortHeader } from '@/lib/admin/list-query';
import { searchUnits, UNIT_SORT_KEYS, UNIT_STATES, unitFiltersSchema, unitSort, type UnitSort } from '@/lib/admin/unit-list';
import { ActionForm } from '../_components/action-form';
import { Badge, Card, Field, inputClass, PageTitle, Pager, statusTone, Table, Td } from '../_components/ui';
import { addUnitAction, setUnitStateAction } from './actions';
import { unitTypeChoices } from '@/lib/admin/section-reads';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.units'))('title') };
}

/**
 * Physical units: add one, put one in maintenance or back in service, retire one for good. The list sorts by its
 * columns, pages on the server and keeps its view in the address (docs/product-rules.md#staff-lists).
 * Renders per request: staff data behind a sign-in.
 */
export default async function UnitsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await adminPage('units');
  const [t, ts, tb, tl, locale] = await Promise.all([
    getTranslations('admin.units'),
    getTranslations('admin.dashboard'),
    getTranslations('admin.bookings'),
    getTranslations('staffTools.lists'),
    getLocale(),
  ]);
  const filters = unitFiltersSchema.parse(flatParams(await searchParams));
  const [types, { rows, total, pages }] = await Promise.all([
    unitTypeChoices(db),
    searchUnits(db, filters),
  ]);
  const typeName = (u: { code: string; name: unknown }) => pickLocalized<string>(u.name, locale) ?? u.code;
  const stateLabel = (s: (typeof UNIT_STATES)[number]) => (s === 'retired' ? t('retired') : ts(s === 'available' ? 'free' : s));
  const current = unitSort(filters);
  const columns: [string, UnitSort | null][] = [
    [t('number'), 'number'],
    [ts('type'), 'type'],
    [t('state'), 'state'],
    [t('booking'), 'booking'],
    [tl('actions'), null],
  ];
  const sortLabel = (k: UnitSort) => columns.find(([, key]) => key === k)![0];
  const stateButton = (unitId: string, state: 'available' | 'maintenance' | 'retired', label: string, danger = false) => (
    <ActionForm action={setUnitStateAction} submit={label} danger={danger} confirm={state === 'retired' ? t('retireConfirm') : undefined}>
      <input type="hidden" name="unitId" value={unitId} />
      <input type="hidden" name="state" value={state} />
    </ActionForm>
  );
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card title={t('add')}>
        <ActionForm action={addUnitAction} submit={t('addSubmit')} success={t('added')} resetOnSuccess>
          <div className="grid gap-3 md:grid-cols-2">
            <Field label={ts('type')}>
              <select name="unitTypeCode" className={inputClass}>
                {types.map((u) => (
                  <option key={u.code} value={u.code}>{typeName(u)}</option>
                ))}
              </select>
            </Field>
            <Field label={t('number')} hint={t('numberHint')}>
              <input name="number" required pattern="[A-Za-z0-9-]{1,20}" className={inputClass} />
            </Field>
          </div>
        </ActionForm>
      </Card>
      <Card className="mt-6">
        <div className="print:hidden">
          <ListFilters
            gridClassName="sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-6"
            filters={[
              { kind: 'text', name: 'q', label: tl('find'), value: filters.q, placeholder: t('findHint') },
              { kind: 'select', name: 'type', label: ts('type'), value: filters.type, any: tl('any'), options: types.map((u) => ({ value: u.code, label: typeName(u) })) },
              { kind: 'select', name: 'state', label: t('state'), value: filters.state, any: tl('any'), options: UNIT_STATES.map((s) => ({ value: s, label: stateLabel(s) })) },
            ]}
            sort={{ keys: UNIT_SORT_KEYS.map((k) => ({ value: k, label: sortLabel(k) })), value: filters.sort, dir: filters.dir }}
            submit={tl('apply')}
            clearHref="/admin/units"
          />
        </div>
      </Card>
      <div className="my-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <p>{t('count', { count: total })}</p>
        <a href={listHref('/admin/units/export', { ...filters, page: undefined })} className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 font-semibold text-brand-800 print:hidden">
          {tl('exportCsv')}
        </a>
      </div>
      <Card>
        <Table cards head={columns.map(([label]) => label)} sorts={columns.map(([, key]) => (key ? sortHeader('/admin/units', filters, key, current) : null))} empty={rows.length ? undefined : <p className="p-3 text-sm text-slate-600">{tl('noRows')}</p>}>
          {rows.map((unit) => (
            <tr key={unit.id} id={`unit-${unit.number}`}>
              <Td label={t('number')} className="font-mono">{unit.number}</Td>
              <Td label={ts('type')}>{typeName(unit.unitType)}</Td>
              <Td label={t('state')}>{unit.retiredAt ? <Badge tone="red">{t('retired')}</Badge> : <Badge tone={statusTone(unit.status)}>{stateLabel(unit.status)}</Badge>}</Td>
              <Td label={t('booking')}>
                {unit.currentBooking ? (
                  <Link href={`/admin/booking-review/${unit.currentBooking.id}`} className="font-mono text-brand-800 underline">{unit.currentBooking.reference}</Link>
                ) : '—'}
              </Td>
              <Td label={tl('actions')}>
                {!unit.currentBooking && unit.status !== 'reserved' && unit.status !== 'occupied' ? (
                  <div className="flex flex-wrap gap-2 print:hidden">
                    {unit.status !== 'available' || unit.retiredAt ? stateButton(unit.id, 'available', t('backInService')) : null}
                    {unit.status === 'available' ? stateButton(unit.id, 'maintenance', t('maintenance')) : null}
                    {!unit.retiredAt ? stateButton(unit.id, 'retired', t('retire'), true) : null}
                  </div>
                ) : null}
              </Td>
            </tr>
          ))}
        </Table>
        <Pager page={filters.page} pages={pages} href={(page) => listHref('/admin/units', { ...filters, page: page > 1 ? page : undefined })} labels={{ previous: tb('previous'), next: tb('next'), page: tb('pages') }} />
      </Card>
    </>
  );
}
