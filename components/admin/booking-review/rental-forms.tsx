import { getLocale, getTranslations } from 'next-intl/server';
import { ActionForm } from '@/app/admin/_components/action-form';
import { Field, inputClass } from '@/app/admin/_components/ui';
import { cancelBookingAction, changeUnitAction, endRentalAction, moveInAction, releaseHoldAction, revokeLinksAction } from '@/app/admin/booking-review/actions';
import type { BookingReviewView } from '@/lib/admin/booking-review-view';
import { reviewFormat } from './format';
import { BookingId } from './booking-id';

// One component per form that changes the rental itself (lib/rentals/commands.ts does the work).

export async function MoveInForm({ view }: { view: BookingReviewView }) {
  const [t, locale] = await Promise.all([getTranslations('admin.review'), getLocale()]);
  const { dates } = reviewFormat(locale);
  const b = view.booking;
  const warnings = view.moveInWarnings;
  return (
    <ActionForm action={moveInAction} submit={t('moveIn')} success={t('movedIn')} confirm={warnings.length ? t('moveInConfirmException') : t('moveInConfirm')}>
      <h3 className="font-semibold">{t('moveInTitle')}</h3>
      <BookingId id={b.id} />
      {warnings.length ? (
        <div role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <ul className="list-disc pl-5">
            {warnings.includes('early') ? <li>{t('moveInEarly', { date: dates.calendarDay(b.startDate) })}</li> : null}
            {warnings.includes('identity') ? <li>{t('moveInNoId')}</li> : null}
          </ul>
          <Field label={t('moveInReason')} hint={t('moveInReasonHint')}>
            {/* A few words a clerk types on a phone: a box that shows them whole, not a one-line field. */}
            <textarea name="reason" required minLength={3} maxLength={500} rows={2} className={inputClass} />
          </Field>
        </div>
      ) : null}
      <Field label={t('unit')}>
        <select name="unitId" defaultValue={b.heldUnit?.id} className={inputClass}>
          {b.heldUnit ? <option value={b.heldUnit.id}>{`${b.heldUnit.number} (${t('heldUnit')})`}</option> : null}
          {view.freeUnits.map((u) => (
            <option key={u.id} value={u.id}>{u.number}</option>
          ))}
        </select>
      </Field>
    </ActionForm>
  );
}

export async function ChangeUnitForm({ view }: { view: BookingReviewView }) {
  const t = await getTranslations('admin.review');
  return (
    <ActionForm action={changeUnitAction} submit={t('changeUnit')} success={t('unitChanged')}>
      <h3 className="font-semibold">{t('changeUnitTitle')}</h3>
      <BookingId id={view.booking.id} />
      {view.freeUnits.length ? (
        <Field label={t('newUnit')}>
          <select name="unitId" className={inputClass}>
            {view.freeUnits.map((u) => (
              <option key={u.id} value={u.id}>{u.number}</option>
            ))}
          </select>
        </Field>
      ) : (
        <p className="text-sm text-slate-600">{t('noFreeUnits')}</p>
      )}
    </ActionForm>
  );
}

export async function ReleaseHoldForm({ view }: { view: BookingReviewView }) {
  const t = await getTranslations('admin.review');
  return (
    <ActionForm action={releaseHoldAction} submit={t('releaseHold')} success={t('holdReleased')} danger confirm={t('releaseHoldConfirm')}>
      <h3 className="font-semibold">{t('releaseHoldTitle')}</h3>
      <BookingId id={view.booking.id} />
      <p className="text-sm text-slate-700">{t('releaseHoldHint')}</p>
      <Field label={t('reason')}>
        <input name="reason" required minLength={3} className={inputClass} />
      </Field>
    </ActionForm>
  );
}

/** Cancelling proposes to refund everything paid and not yet refunded (lib/payments/paid-so-far.ts). */
export async function CancelBookingForm({ view }: { view: BookingReviewView }) {
  const [t, locale] = await Promise.all([getTranslations('admin.review'), getLocale()]);
  const { money } = reviewFormat(locale);
  const b = view.booking;
  return (
    <ActionForm action={cancelBookingAction} submit={t('cancel')} success={t('cancelled')} danger confirm={t('cancelConfirm')}>
      <h3 className="font-semibold">{t('cancelTitle')}</h3>
      <BookingId id={b.id} />
      <p className="text-sm text-slate-700">{t('paidSoFar', { paid: money(view.paid.paidSatang), refunded: money(view.paid.refundedSatang) })}</p>
      <Field label={t('refundBaht')} hint={b.paymentMethod === 'card' || b.paymentMethod === 'promptpay' ? t('refundStripe') : t('refundManual')}>
        <input name="refund" required inputMode="decimal" defaultValue={String(view.paid.refundableSatang / 100)} className={inputClass} />
      </Field>
      <Field label={t('reason')}>
        <input name="reason" required minLength={3} className={inputClass} />
      </Field>
    </ActionForm>
  );
}

export async function RevokeLinksForm({ view }: { view: BookingReviewView }) {
  const t = await getTranslations('admin.review');
  return (
    <ActionForm action={revokeLinksAction} submit={t('revokeLinks')} success={t('linksRevoked')} danger confirm={t('revokeLinksConfirm')}>
      <h3 className="font-semibold">{t('revokeLinksTitle')}</h3>
      <BookingId id={view.booking.id} />
      <p className="text-sm text-slate-700">{t('revokeLinksHint')}</p>
      <Field label={t('reason')}>
        <input name="reason" required minLength={3} className={inputClass} />
      </Field>
    </ActionForm>
  );
}

/** Ending a rental: fees kept from the deposit, what happens to open invoices and to the unit, the photos that show why. */
export async function EndRentalForm({ view }: { view: BookingReviewView }) {
  const [t, te, tm, locale] = await Promise.all([getTranslations('admin.review'), getTranslations('endRental'), getTranslations('moveIn'), getLocale()]);
  const { money } = reviewFormat(locale);
  return (
    <ActionForm action={endRentalAction} submit={t('endRental')} success={t('ended')} danger confirm={t('endConfirm')}>
      <h3 className="font-semibold">{t('endTitle')}</h3>
      <BookingId id={view.booking.id} />
      <p className="text-sm text-slate-700">{t('depositHeld', { amount: money(view.depositSatang) })}</p>
      <Field label={t('feesBaht')} hint={t('feesHint')}>
        <input name="fees" required inputMode="decimal" defaultValue="0" className={inputClass} />
      </Field>
      <Field label={t('feesNote')}>
        <input name="feesNote" className={inputClass} />
      </Field>
      <fieldset className="space-y-1 text-sm">
        <legend className="font-medium">{te('openInvoices')}</legend>
        {view.openInvoiceNumbers.length ? (
          <p className="text-slate-700">{te('openList', { list: view.openInvoiceNumbers.join(', ') })}</p>
        ) : (
          <p className="text-slate-700">{te('noneOpen')}</p>
        )}
        <label className="flex items-center gap-2">
          <input type="radio" name="openInvoices" value="credit" /> {te('creditOpen')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="openInvoices" value="keep" defaultChecked /> {te('keepOpen')}
        </label>
      </fieldset>
      <fieldset className="space-y-1 text-sm">
        <legend className="font-medium">{te('unitAfter')}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="unitAfter" value="available" defaultChecked /> {te('unitFree')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="unitAfter" value="maintenance" /> {te('unitCleaning')}
        </label>
      </fieldset>
      {view.photos.length ? (
        <fieldset className="text-sm">
          <legend className="font-medium">{tm('admin.deductionPhotos')}</legend>
          {view.photos.map((p) => (
            <label key={p.id} className="mr-4 inline-flex items-center gap-1">
              <input type="checkbox" name="photoIds" value={p.id} />
              {`${view.photoLabels.get(p.id)} ${tm(`stages.${p.stage}`)}${p.note ? `: ${p.note}` : ''}`}
            </label>
          ))}
        </fieldset>
      ) : null}
    </ActionForm>
  );
}
