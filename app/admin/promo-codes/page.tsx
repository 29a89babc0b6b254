import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireStaffPage } from '@/lib/auth/staff';
import { db } from '@/lib/db';
import { formatTHB } from '@/lib/format/money';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { ActionForm } from '../_components/action-form';
import { Card, Field, inputClass, PageTitle, Table, Td } from '../_components/ui';
import { createPromoAction, updatePromoAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.promoCodes'))('title') };
}

const day = (d: Date | null) => (d ? todayInBangkok(d) : '');

export default async function PromoCodesPage() {
  await requireStaffPage('admin');
  const [t, locale] = await Promise.all([getTranslations('admin.promoCodes'), getLocale()]);
  const codes = await db.promoCode.findMany({ orderBy: { createdAt: 'desc' } });
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
        <Table head={[t('code'), t('discount'), t('uses'), t('validFrom'), t('edit')]}>
          {codes.map((p) => (
            <tr key={p.id}>
              <Td className="font-mono font-semibold">{p.code}</Td>
              <Td>{p.discountType === 'percentage' ? `${p.discountValue}%` : formatTHB(p.discountValue, locale)}</Td>
              <Td>{`${p.currentUses}${p.maxUses ? ` / ${p.maxUses}` : ''}`}</Td>
              <Td>{day(p.validFrom)}</Td>
              <Td>
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
      </Card>
    </>
  );
}
