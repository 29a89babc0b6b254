import { getTranslations } from 'next-intl/server';
import { PortalForm } from '@/app/[locale]/my-booking/_components/portal-form';
import { addConditionPhotoAction } from '@/app/[locale]/my-booking/actions';
import { PHOTO_MAX_SIDE, photoUrl } from '@/lib/condition/photos';
import { uploadTexts } from '@/lib/uploads/messages';
import { IMAGE_ACCEPT, MAX_UPLOAD_MB } from '@/lib/uploads/limits';
import { portalFormat, portalInput, type PortalSectionProps } from './context';
import { BookingRef } from './booking-ref';

/** The unit's condition photos (docs/product-rules.md#condition-photos), with the refunds that cite them. */
export async function PhotosSection(props: PortalSectionProps) {
  const { view, locale, token } = props;
  if (!view.photos.show) return null;
  const tm = await getTranslations('moveIn');
  const { money, dateTime } = portalFormat(locale);
  const b = view.booking;
  return (
    <section className="rounded-2xl border border-gray-200 p-6">
      <h2 className="text-lg font-semibold text-gray-900">{tm('portal.photos.title')}</h2>
      <p className="mt-1 text-sm text-gray-700">{tm('portal.photos.intro')}</p>
      {b.conditionPhotos.length === 0 ? <p className="mt-2 text-sm text-gray-600">{tm('portal.photos.none')}</p> : null}
      <ul className="mt-3 grid grid-cols-2 gap-3">
        {b.conditionPhotos.map((p, i) => (
          <li key={p.id} className="text-xs">
            {/* eslint-disable-next-line @next/next/no-img-element -- a private photo of this rental, not an optimisable public image */}
            <img src={photoUrl(p.id, { reference: b.reference, token })} alt={`#${i + 1} ${tm(`stages.${p.stage}`)}`} className="w-full rounded border" />
            <span className="block font-semibold">{`#${i + 1} · ${tm(`stages.${p.stage}`)} · ${dateTime(p.createdAt)}`}</span>
            {p.note ? <span className="block text-gray-700">{p.note}</span> : null}
          </li>
        ))}
      </ul>
      {view.photos.refundsWithPhotos.map((r) => (
        <p key={r.id} className="mt-2 text-sm">
          {`${r.reason} · ${money(r.amountSatang)} · `}
          {tm('admin.refundPhotos', { list: r.labels.join(', ') })}
        </p>
      ))}
      {view.photos.canAdd ? <AddPhotoForm {...props} /> : null}
    </section>
  );
}

export async function AddPhotoForm({ view, locale, token }: PortalSectionProps) {
  const [t, tm] = await Promise.all([getTranslations('portal'), getTranslations('moveIn')]);
  return (
    <div className="mt-4">
      <PortalForm action={addConditionPhotoAction} submit={tm('portal.photos.add')} working={t('working')} success={tm('portal.photos.added')} resetOnSuccess uploads={uploadTexts(locale)}>
        <BookingRef reference={view.booking.reference} token={token} />
        <label className="block text-sm font-medium text-gray-900">
          {tm('photoForm.stage')}
          <select name="stage" defaultValue={view.booking.noticeGivenAt ? 'move_out' : 'move_in'} className={portalInput}>
            <option value="move_in">{tm('stages.move_in')}</option>
            <option value="move_out">{tm('stages.move_out')}</option>
          </select>
        </label>
        <label className="block text-sm font-medium text-gray-900">
          {tm('photoForm.file')}
          <input name="photo" type="file" required accept={IMAGE_ACCEPT} className={portalInput} />
          <span className="mt-1 block text-xs text-gray-600">{tm('photoForm.hint', { max: MAX_UPLOAD_MB, side: PHOTO_MAX_SIDE })}</span>
        </label>
        <label className="block text-sm font-medium text-gray-900">
          {tm('photoForm.note')}
          <input name="note" maxLength={500} className={portalInput} />
        </label>
      </PortalForm>
    </div>
  );
}
