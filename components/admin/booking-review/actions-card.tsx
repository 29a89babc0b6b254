import { getTranslations } from 'next-intl/server';
import { Card } from '@/app/admin/_components/ui';
import type { BookingReviewView } from '@/lib/admin/booking-review-view';
import { ConfirmBookingForm, RecordCashForm, RejectPaymentForm, VerifyPaymentForm } from './payment-forms';
import { CancelBookingForm, ChangeUnitForm, EndRentalForm, MoveInForm, ReleaseHoldForm, RevokeLinksForm } from './rental-forms';

/** The actions the booking's state allows (lib/rentals/commands.ts's rules), each its own form. */
export async function ActionsCard({ view }: { view: BookingReviewView }) {
  const t = await getTranslations('admin.review');
  const can = view.allowed;
  return (
    <Card title={t('actions')} className="mt-6">
      {can.size <= 2 ? <p className="mb-3 text-sm text-slate-600">{t('noStateActions')}</p> : null}
      <div className="grid gap-6 md:grid-cols-2">
        {can.has('verifyPayment') ? <VerifyPaymentForm view={view} /> : null}
        {can.has('rejectPayment') ? <RejectPaymentForm view={view} /> : null}
        {can.has('recordCash') ? <RecordCashForm view={view} /> : null}
        {can.has('confirm') ? <ConfirmBookingForm view={view} /> : null}
        {can.has('moveIn') ? <MoveInForm view={view} /> : null}
        {can.has('changeUnit') ? <ChangeUnitForm view={view} /> : null}
        {can.has('releaseHold') ? <ReleaseHoldForm view={view} /> : null}
        {can.has('cancel') ? <CancelBookingForm view={view} /> : null}
        <RevokeLinksForm view={view} />
        {can.has('endRental') ? <EndRentalForm view={view} /> : null}
      </div>
    </Card>
  );
}
