import type { Metadata } from 'next';
import { ListFilters } from '../_components/list-filters';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { flatParams, listHref, sortHeader } from '@/lib/admin/list-query';
import { PROMO_SORT_KEYS, promoFiltersSchema, promoSort, searchPromoCodes, type PromoSort } from '@/lib/admin/promo-list';
import { ActionForm } from '../_components/action-form';
import { Card, Field, inputClass, PageTitle, Pager, Table, Td } from '../_components/ui';
import { createPromoAction, updatePromoAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.promoCodes'))('title') };
}

const day = (d: Date | null) => (d ? todayInBangkok(d) : '');

/**
 * Promo codes: create one; switch one off, end it or cap its uses. The list sorts by its columns, pages on the server
 * and keeps its view in the address (docs/product-rules.md#staff-lists). Renders per request: behind a sign-in.
 */
export default async function PromoCodesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await adminPage('promoCodes');
  const [t, tb, tl, locale] = await Promise.all([getTranslations('admin.promoCodes'), getTranslations('admin.bookings'), getTranslations('staffTools.lists'), getLocale()]);
  const filters = promoFiltersSchema.parse(flatParams(await searchParams));
  const { rows: codes, total, pages } = await searchPromoCodes(db, filters);
  const current = promoSort(filters);
  const columns: [string, PromoSort | null][] = [
    [t('code'), 'code'],
    [t('discount'), null],
    [t('uses'), 'uses'],
    [t('validFrom'), 'validFrom'],
    [t('validUntil'), 'validUntil'],
    [t('edit'), null],
  ];
  const sortLabel = (k: PromoSort) => (k === 'created' ? tl('created') : columns.find(([, key]) => key === k)![0]);
  const firstDir = (k: PromoSort) => (k === 'uses' || k === 'created' ? 'desc' : 'asc');
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card title={t('new')}>
        <ActionForm action={createPromoAction} submit={t('create')} success={t('created')} resetOnSuccess>
          <div className="grid gap-3 md:grid-cols-4">
            <Field label={t('code')}><input name="code" required pattern="[A-Za-z0-9_-]{3,30}" className={inputClass} /></Field>
            <Field label={t('type')}>
              <select name="discountType" className={inputClass}>
                <option value="percentage">{t('percentage')}</option>
                <option value="fixed">{t('fixed')}</option>
              </select>
            </Field>
            <Field label={t('value')} hint={t('valueHint')}><input name="value" required inputMode="decimal" className={inputClass} /></Field>
            <Field label={t('maxUses')}><input name="maxUses" type="number" min={1} className={inputClass} /></Field>
            <Field label={t('validFrom')}><input name="validFrom" type="date" required defaultValue={todayInBangkok()} className={inputClass} /></Field>
            <Field label={t('validUntil')}><input name="validUntil" type="date" className={inputClass} /></Field>
            <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="isActive" defaultChecked /> {t('active')}</label>
          </div>
          <div className="grid gap-3 md:grid-cols-3">
            <Field label={t('descriptionEn')}><input name="descriptionEn" required className={inputClass} /></Field>
            <Field label={t('descriptionTh')}><input name="descriptionTh" className={inputClass} /></Field>
            <Field label={t('descriptionRu')}><input name="descriptionRu" className={inputClass} /></Field>
          </div>
        </ActionForm>
      </Card>
      <Card className="mt-6">
        <div className="print:hidden">
          <ListFilters
            gridClassName="sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5"
            filters={[
              { kind: 'text', name: 'q', label: tl('find'), value: filters.q },
              { kind: 'select', name: 'active', label: t('active'), value: filters.active, any: tl('any'), options: [{ value: 'yes', label: tl('yes') }, { value: 'no', label: tl('no') }] },
            ]}
            sort={{ keys: PROMO_SORT_KEYS.map((k) => ({ value: k, label: sortLabel(k) })), value: filters.sort, dir: filters.dir }}
            submit={tl('apply')}
            clearHref="/admin/promo-codes"
          />
        </div>
      </Card>
      <div className="my-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <p>{tl('rows', { count: total })}</p>
        <a href={listHref('/admin/promo-codes/export', { ...filters, page: undefined })} className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 font-semibold text-brand-800 print:hidden">
          {tl('exportCsv')}
        </a>
      </div>
      <Card>
        <Table cards head={columns.map(([label]) => label)} sorts={columns.map(([, key]) => (key ? sortHeader('/admin/promo-codes', filters, key, current, firstDir(key)) : null))} empty={codes.length ? undefined : <p className="p-3 text-sm text-slate-600">{tl('noRows')}</p>}>
          {codes.map((p) => (
            <tr key={p.id}>
              <Td label={t('code')} className="font-mono font-semibold">{p.code}</Td>
              <Td label={t('discount')}>{p.discountType === 'percentage' ? `${p.discountValue}%` : formatTHB(p.discountValue, locale)}</Td>
              <Td label={t('uses')}>{`${p.currentUses}${p.maxUses ? ` / ${p.maxUses}` : ''}`}</Td>
              <Td label={t('validFrom')}>{day(p.validFrom)}</Td>
              <Td label={t('validUntil')}>{day(p.validUntil) || '—'}</Td>
              <Td label={t('edit')}>
                <ActionForm action={updatePromoAction} submit={t('save')}>
                  <input type="hidden" name="id" value={p.id} />
                  <div className="flex flex-wrap items-end gap-2 text-sm">
                    <label className="flex items-center gap-1"><input type="checkbox" name="isActive" defaultChecked={p.isActive} /> {t('active')}</label>
                    <label>{t('validUntil')} <input type="date" name="validUntil" defaultValue={day(p.validUntil)} className="rounded border border-slate-300 px-2 py-1" /></label>
                    <label>{t('maxUses')} <input type="number" name="maxUses" min={1} defaultValue={p.maxUses ?? ''} className="w-24 rounded border border-slate-300 px-2 py-1" /></label>
                  </div>
                </ActionForm>
              </Td>
            </tr>
          ))}
        </Table>
        <Pager page={filters.page} pages={pages} href={(page) => listHref('/admin/promo-codes', { ...filters, page: page > 1 ? page : undefined })} labels={{ previous: tb('previous'), next: tb('next'), page: tb('pages') }} />
      </Card>
    </>
  );
}
