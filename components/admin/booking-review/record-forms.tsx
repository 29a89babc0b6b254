import { getLocale, getTranslations } from 'next-intl/server';
import { ActionForm } from '@/app/admin/_components/action-form';
import { Field, inputClass } from '@/app/admin/_components/ui';
import { addNoteAction, resendEmailAction } from '@/app/admin/booking-review/actions';
import { issueStaffInvoiceAction } from '@/app/admin/invoices/actions';
import type { BookingReviewView } from '@/lib/admin/booking-review-view';
import { AGREEMENT_FEE_CODES, AGREEMENT_FEES } from '@/lib/pricing/fees';
import { reviewFormat } from './format';
import { BookingId } from './booking-id';

// One component per form that adds to the booking's records: a staff invoice, a note, an email sent again.

/** Fees from the agreement and supplies sold at the counter (docs/product-rules.md#documents-staff-issue). */
export async function StaffInvoiceForm({ view }: { view: BookingReviewView }) {
  const [td, locale] = await Promise.all([getTranslations('staffDocuments'), getLocale()]);
  const { money } = reviewFormat(locale);
  return (
    <ActionForm action={issueStaffInvoiceAction} submit={td('issue.submit')}>
      <p className="text-sm text-slate-700">{td('issue.hint')}</p>
      <BookingId id={view.booking.id} />
      <div className="grid gap-6 md:grid-cols-2">
        <fieldset className="space-y-2">
          <legend className="font-semibold">{td('issue.fees')}</legend>
          {AGREEMENT_FEE_CODES.map((code) => (
            <Field key={code} label={td('issue.quantity', { item: td(`lines.fees.${code}`), price: money(AGREEMENT_FEES[code]) })}>
              <input name={`fee_${code}`} type="number" min={0} max={99} step={1} defaultValue={0} inputMode="numeric" className={inputClass} />
            </Field>
          ))}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="font-semibold">{td('issue.supplies')}</legend>
          {view.supplies.map((s) => (
            <Field key={s.id} label={td('issue.quantity', { item: s.name, price: money(s.priceSatang) })}>
              <input name={`supply_${s.id}`} type="number" min={0} max={99} step={1} defaultValue={0} inputMode="numeric" className={inputClass} />
            </Field>
          ))}
        </fieldset>
      </div>
      <Field label={td('issue.note')}>
        <input name="note" maxLength={500} className={inputClass} />
      </Field>
    </ActionForm>
  );
}

export async function AddNoteForm({ bookingId }: { bookingId: string }) {
  const t = await getTranslations('admin.review');
  return (
    <ActionForm action={addNoteAction} submit={t('addNote')} resetOnSuccess>
      <BookingId id={bookingId} />
      <Field label={t('note')}>
        <textarea name="text" required rows={3} maxLength={2000} className={inputClass} />
      </Field>
    </ActionForm>
  );
}

export async function ResendEmailForm({ bookingId, emailId }: { bookingId: string; emailId: string }) {
  const t = await getTranslations('admin.review');
  return (
    <ActionForm action={resendEmailAction} submit={t('resend')} success={t('resent')}>
      <BookingId id={bookingId} />
      <input type="hidden" name="emailId" value={emailId} />
    </ActionForm>
  );
}
