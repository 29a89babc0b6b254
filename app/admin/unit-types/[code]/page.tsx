import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { ActionForm } from '../../_components/action-form';
import { Card, Field, inputClass, PageTitle } from '../../_components/ui';
import { changeUnitTypeImage, saveUnitType, uploadUnitTypeImage } from '../actions';
import { RentChangesCard } from './rent-changes-card';
import { unitTypeForAdmin } from '@/lib/admin/section-reads';
import { uploadTexts } from '@/lib/uploads/messages';
import { MAX_UPLOAD_MB } from '@/lib/uploads/limits';
import { FIRST_MONTH_OFF_PCT } from '@/lib/pricing/catalog';

export async function generateMetadata({ params }: { params: Promise<{ code: string }> }): Promise<Metadata> {
  return { title: `${(await getTranslations('admin.unitTypes'))('edit')} ${(await params).code}` };
}

type Texts = Partial<Record<'en' | 'th' | 'ru', string>>;
type Lists = Partial<Record<'en' | 'th' | 'ru', string[]>>;
const bangkokInput = (d: Date | null) => (d ? new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 16) : '');
const bahtInput = (satang: number | null) => (satang == null ? '' : String(satang / 100));

/** One unit type: prices and promotion, texts in three languages, pictures. */
export default async function UnitTypeEditPage({ params }: { params: Promise<{ code: string }> }) {
  const { db } = await adminPage('unitTypes');
  const { code } = await params;
  const u = await unitTypeForAdmin(db, code);
  if (!u) notFound();
  const t = await getTranslations('admin.unitTypes');
  const name = u.name as Texts;
  const description = u.description as Texts;
  const features = u.features as Lists;
  const banner = (u.promotionalBanner ?? {}) as Texts;
  const LANGS = [['en', 'English'], ['th', 'ไทย'], ['ru', 'Русский']] as const;
  const cap = (l: string) => l[0].toUpperCase() + l.slice(1);
  return (
    <>
      <PageTitle>{`${t('edit')}: ${name.en ?? u.code}`}</PageTitle>
      <Card>
        <ActionForm action={saveUnitType} submit={t('save')} success={t('saved')}>
          <input type="hidden" name="code" value={u.code} />
          <div className="grid gap-4 md:grid-cols-3">
            <Field label={t('listPriceField')}>
              <input name="baseRate" required inputMode="decimal" defaultValue={bahtInput(u.baseRate)} className={inputClass} />
            </Field>
            <Field label={t('pricingMode')}>
              <select name="pricingMode" defaultValue={u.pricingMode} className={inputClass}>
                <option value="normal">{t('modes.normal')}</option>
                <option value="first_month_off">{t('modes.first_month_off', { percent: FIRST_MONTH_OFF_PCT })}</option>
              </select>
            </Field>
            <Field label={t('displayOrder')}>
              <input name="displayOrder" type="number" min={0} defaultValue={u.displayOrder} className={inputClass} />
            </Field>
            <Field label={t('promoPriceField')} hint={t('promoHint')}>
              <input name="promoRate" inputMode="decimal" defaultValue={bahtInput(u.promoRate)} className={inputClass} />
            </Field>
            <Field label={t('promoStarts')}>
              <input name="promotionStartsAt" type="datetime-local" defaultValue={bangkokInput(u.promotionStartsAt)} className={inputClass} />
            </Field>
            <Field label={t('promoEnds')}>
              <input name="promotionEndsAt" type="datetime-local" defaultValue={bangkokInput(u.promotionEndsAt)} className={inputClass} />
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="promotionActive" defaultChecked={u.promotionActive} /> {t('promotionActive')}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="isActive" defaultChecked={u.isActive} /> {t('isActive')}
            </label>
            <Field label={t('dimensions')}>
              <input name="dimensions" defaultValue={u.dimensions} className={inputClass} />
            </Field>
          </div>
          <div className="grid gap-4 md:grid-cols-3">
            {LANGS.map(([l, label]) => (
              <fieldset key={l} className="space-y-3 rounded border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold">{label}</legend>
                <Field label={t('nameField')}>
                  <input name={`name${cap(l)}`} defaultValue={name[l] ?? ''} required={l === 'en'} className={inputClass} />
                </Field>
                <Field label={t('banner')}>
                  <input name={`banner${cap(l)}`} defaultValue={banner[l] ?? ''} className={inputClass} />
                </Field>
                <Field label={t('description')}>
                  <textarea name={`description${cap(l)}`} rows={4} defaultValue={description[l] ?? ''} className={inputClass} />
                </Field>
                <Field label={t('features')} hint={t('featuresHint')}>
                  <textarea name={`features${cap(l)}`} rows={4} defaultValue={(features[l] ?? []).join('\n')} className={inputClass} />
                </Field>
              </fieldset>
            ))}
          </div>
        </ActionForm>
      </Card>
      <RentChangesCard code={u.code} db={db} />
      <Card title={t('images')} className="mt-6">
        <ul className="mb-4 grid gap-4 md:grid-cols-3">
          {u.images.map((img) => (
            <li key={img.id} className="space-y-2 text-sm">
              {/* eslint-disable-next-line @next/next/no-img-element -- staff preview of the stored file */}
              <img src={img.url} alt={img.alt} className="aspect-[4/3] w-full rounded border object-cover" />
              <p>{u.imageUrl === img.url ? t('mainImage') : null}</p>
              <div className="flex gap-2">
                {u.imageUrl !== img.url ? (
                  <ActionForm action={changeUnitTypeImage} submit={t('makeMain')}>
                    <input type="hidden" name="code" value={u.code} />
                    <input type="hidden" name="imageId" value={img.id} />
                    <input type="hidden" name="op" value="main" />
                  </ActionForm>
                ) : null}
                <ActionForm action={changeUnitTypeImage} submit={t('removeImage')} danger confirm={t('removeConfirm')}>
                  <input type="hidden" name="code" value={u.code} />
                  <input type="hidden" name="imageId" value={img.id} />
                  <input type="hidden" name="op" value="remove" />
                </ActionForm>
              </div>
            </li>
          ))}
        </ul>
        <ActionForm action={uploadUnitTypeImage} submit={t('upload')} success={t('uploaded')} encType="multipart/form-data" resetOnSuccess uploads={uploadTexts(await getLocale())}>
          <input type="hidden" name="code" value={u.code} />
          <Field label={t('imageFile')} hint={t('imageHint', { max: MAX_UPLOAD_MB })}>
            <input name="file" type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" required className={inputClass} />
          </Field>
          <Field label={t('imageAlt')}>
            <input name="alt" className={inputClass} />
          </Field>
        </ActionForm>
      </Card>
    </>
  );
}
