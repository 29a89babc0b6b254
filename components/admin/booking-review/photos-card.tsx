import { getLocale, getTranslations } from 'next-intl/server';
import { Card } from '@/app/admin/_components/ui';
import type { BookingReviewView } from '@/lib/admin/booking-review-view';
import { photoUrl } from '@/lib/condition/photos';
import { reviewFormat } from './format';
import { AddPhotoForm } from './access-forms';

/** The unit's condition photos at move-in and move-out (docs/product-rules.md#condition-photos). */
export async function PhotosCard({ view }: { view: BookingReviewView }) {
  const [tm, locale] = await Promise.all([getTranslations('moveIn'), getLocale()]);
  const { when } = reviewFormat(locale);
  const b = view.booking;
  return (
    <Card title={tm('admin.photos')} className="mt-6">
      {view.photos.length === 0 ? <p className="text-sm text-slate-600">{tm('portal.photos.none')}</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {view.photos.map((p) => (
          <li key={p.id} className="text-sm">
            {/* eslint-disable-next-line @next/next/no-img-element -- a private photo streamed to staff */}
            <img src={photoUrl(p.id)} alt={`${view.photoLabels.get(p.id)} ${tm(`stages.${p.stage}`)} ${p.note}`.trim()} className="max-h-48 rounded border" />
            <p className="mt-1">
              <span className="font-semibold">{`${view.photoLabels.get(p.id)} · ${tm(`stages.${p.stage}`)}`}</span> · {when(p.createdAt)} · {tm('photoForm.by', { who: p.addedBy === 'customer' ? tm('photoForm.customer') : p.addedBy })}
            </p>
            {p.note ? <p className="text-slate-700">{p.note}</p> : null}
          </li>
        ))}
      </ul>
      {view.canAddPhotos ? <AddPhotoForm bookingId={b.id} moveOut={b.status === 'ended' || Boolean(b.noticeGivenAt)} /> : null}
    </Card>
  );
}
