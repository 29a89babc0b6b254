import { getLocale, getTranslations } from 'next-intl/server';
import { ActionForm } from '@/app/admin/_components/action-form';
import { Field, inputClass } from '@/app/admin/_components/ui';
import { addConditionPhotoAction, regeneratePinAction, rejectIdentityAction, verifyIdentityAction } from '@/app/admin/booking-review/access-actions';
import { uploadTexts } from '@/lib/uploads/messages';
import { IMAGE_ACCEPT, MAX_UPLOAD_MB } from '@/lib/uploads/limits';
import { BookingId } from './booking-id';

// One component per form of the identity check, the gate PIN and the condition photos (docs/product-rules.md#identity-and-gate-access).

export async function VerifyIdentityForm({ bookingId }: { bookingId: string }) {
  const tm = await getTranslations('moveIn');
  return (
    <ActionForm action={verifyIdentityAction} submit={tm('admin.verify')}>
      <BookingId id={bookingId} />
    </ActionForm>
  );
}

export async function RejectIdentityForm({ bookingId }: { bookingId: string }) {
  const tm = await getTranslations('moveIn');
  return (
    <ActionForm action={rejectIdentityAction} submit={tm('admin.reject')} danger>
      <BookingId id={bookingId} />
      <Field label={tm('admin.reason')}>
        <input name="reason" required minLength={3} maxLength={500} className={inputClass} />
      </Field>
    </ActionForm>
  );
}

export async function RegeneratePinForm({ bookingId }: { bookingId: string }) {
  const tm = await getTranslations('moveIn');
  return (
    <ActionForm action={regeneratePinAction} submit={tm('admin.regenerate')} confirm={tm('admin.regenerateConfirm')} danger>
      <BookingId id={bookingId} />
    </ActionForm>
  );
}

/** A condition photo from staff; the stage proposed is move-out once notice is given or the rental ended. */
export async function AddPhotoForm({ bookingId, moveOut }: { bookingId: string; moveOut: boolean }) {
  const [tm, locale] = await Promise.all([getTranslations('moveIn'), getLocale()]);
  return (
    <ActionForm action={addConditionPhotoAction} submit={tm('portal.photos.add')} success={tm('admin.photoAdded')} encType="multipart/form-data" resetOnSuccess className="mt-4 max-w-md" uploads={uploadTexts(locale)}>
      <BookingId id={bookingId} />
      <Field label={tm('photoForm.stage')}>
        <select name="stage" defaultValue={moveOut ? 'move_out' : 'move_in'} className={inputClass}>
          <option value="move_in">{tm('stages.move_in')}</option>
          <option value="move_out">{tm('stages.move_out')}</option>
        </select>
      </Field>
      <Field label={tm('photoForm.file')} hint={tm('photoForm.hint', { max: MAX_UPLOAD_MB })}>
        <input name="photo" type="file" required accept={IMAGE_ACCEPT} className={inputClass} />
      </Field>
      <Field label={tm('photoForm.note')}>
        <input name="note" maxLength={500} className={inputClass} />
      </Field>
    </ActionForm>
  );
}
