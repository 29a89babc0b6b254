import { getLocale, getTranslations } from 'next-intl/server';
import { ActionForm } from '@/app/admin/_components/action-form';
import { Field, inputClass } from '@/app/admin/_components/ui';
import { confirmBookingAction, recordCashAction, rejectPaymentAction, verifyPaymentAction } from '@/app/admin/booking-review/actions';
import { recordCounterPaymentAcrossAction } from '@/app/admin/payments/actions';
import type { BookingReviewView } from '@/lib/admin/booking-review-view';
import { reviewFormat } from './format';
import { BookingId } from './booking-id';
import { ProofView } from './proof-view';

// One component per payment form of the review; the amounts come from the view model (lib/admin/booking-review-view.ts).

export async function VerifyPaymentForm({ view }: { view: BookingReviewView }) {
  const [t, locale] = await Promise.all([getTranslations('admin.review'), getLocale()]);
  const { money } = reviewFormat(locale);
  const amount = money(view.amountToSettleSatang);
  return (
    <ActionForm action={verifyPaymentAction} submit={t('verify')} success={t('verified')} confirm={t('verifyConfirm', { amount })}>
      <h3 className="font-semibold">{t('verifyTitle')}</h3>
      <BookingId id={view.booking.id} />
      <p className="text-sm font-semibold">{t('verifyAmount', { amount })}</p>
      {/* The slip sits beside its button, so a phone checks it without scrolling away (issue 37). */}
      <section aria-label={t('slipToCheck')} className="space-y-3 text-sm">
        {view.slipsToCheck.length ? (
          view.slipsToCheck.map((p) => (
            <div key={p.id}>
              <ProofView view={view} proof={p} size="small" />
            </div>
          ))
        ) : (
          <p className="text-slate-600">{t('noProofs')}</p>
        )}
      </section>
      <Field label={t('noteOptional')}>
        <input name="note" className={inputClass} />
      </Field>
    </ActionForm>
  );
}

export async function RejectPaymentForm({ view }: { view: BookingReviewView }) {
  const t = await getTranslations('admin.review');
  return (
    <ActionForm action={rejectPaymentAction} submit={t('reject')} success={t('rejected')} danger>
      <h3 className="font-semibold">{t('rejectTitle')}</h3>
      <BookingId id={view.booking.id} />
      <Field label={t('reason')} hint={t('reasonHint')}>
        <input name="reason" required minLength={3} className={inputClass} />
      </Field>
    </ActionForm>
  );
}

export async function RecordCashForm({ view }: { view: BookingReviewView }) {
  const [t, locale] = await Promise.all([getTranslations('admin.review'), getLocale()]);
  const { money } = reviewFormat(locale);
  return (
    <ActionForm action={recordCashAction} submit={t('recordCash')} success={t('cashRecorded')}>
      <h3 className="font-semibold">{t('cashTitle')}</h3>
      <BookingId id={view.booking.id} />
      <Field label={t('amountBaht')} hint={t('cashHint', { amount: money(view.amountToSettleSatang) })}>
        <input name="amount" required inputMode="decimal" defaultValue={String(view.amountToSettleSatang / 100)} className={inputClass} />
      </Field>
    </ActionForm>
  );
}

export async function ConfirmBookingForm({ view }: { view: BookingReviewView }) {
  const t = await getTranslations('admin.review');
  return (
    <ActionForm action={confirmBookingAction} submit={t('confirm')} success={t('confirmed')}>
      <h3 className="font-semibold">{t('confirmTitle')}</h3>
      <p className="text-sm text-slate-700">{t('confirmHint')}</p>
      <BookingId id={view.booking.id} />
    </ActionForm>
  );
}

/** One counter payment for every open invoice, oldest first (docs/product-rules.md#counter-payments). */
export async function CounterPaymentForm({ view }: { view: BookingReviewView }) {
  const [t, ts, locale] = await Promise.all([getTranslations('admin.review'), getTranslations('admin.dashboard'), getLocale()]);
  const { money, dates } = reviewFormat(locale);
  return (
    <ActionForm action={recordCounterPaymentAcrossAction} submit={t('counterSubmit')} confirm={t('counterConfirm')}>
      <BookingId id={view.booking.id} />
      <p className="text-sm text-slate-700">{t('counterHint')}</p>
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        {view.openDue.map((i) => (
          <li key={i.id}>
            <a className="font-mono underline" href={`/admin/invoices/${i.id}`}>{i.number}</a>
            {` · ${t(`invoiceKind.${i.kind}`)} · ${t('counterDue', { date: dates.day(i.dueAt) })} · `}
            <span className="font-semibold">{money(i.dueSatang)}</span>
          </li>
        ))}
      </ol>
      <p className="text-sm font-semibold" data-testid="counter-total">{t('counterTotal', { amount: money(view.openDueSatang) })}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('counterMethod')}>
          <select name="method" className={inputClass} defaultValue="cash">
            <option value="cash">{ts('method.cash')}</option>
            <option value="bank_transfer">{ts('method.bank_transfer')}</option>
          </select>
        </Field>
        <Field label={t('amountBaht')}>
          <input name="amount" required inputMode="decimal" defaultValue={String(view.openDueSatang / 100)} className={inputClass} />
        </Field>
      </div>
    </ActionForm>
  );
}
