import { getTranslations } from 'next-intl/server';
import { Badge, PageTitle, statusTone } from '@/app/admin/_components/ui';
import type { BookingReviewView } from '@/lib/admin/booking-review-view';
import { NO_UNIT_DECISION_HOURS } from '@/lib/booking/no-unit';

/** Outcomes a redirect after an action names in `?done=` (texts in admin.review). */
const DONE = ['verified', 'rejected', 'cashRecorded', 'confirmed', 'movedIn', 'unitChanged', 'cancelled', 'ended', 'holdReleased', 'linksRevoked', 'counterPaid'] as const;
/** Outcomes of the identity and gate PIN actions (texts in moveIn.admin). */
const ACCESS_DONE = { identityVerified: 'verified', identityRejected: 'rejected', pinRegenerated: 'regenerated' } as const;

/** The reference with both statuses, and what the last action did. */
export async function ReviewHeader({ view, done }: { view: BookingReviewView; done?: string }) {
  const [t, ts, tm] = await Promise.all([getTranslations('admin.review'), getTranslations('admin.dashboard'), getTranslations('moveIn')]);
  const b = view.booking;
  const doneKey = DONE.find((d) => d === done);
  const accessDone = done && Object.hasOwn(ACCESS_DONE, done) ? ACCESS_DONE[done as keyof typeof ACCESS_DONE] : null;
  return (
    <>
      <PageTitle>
        {t('title')} <span className="font-mono">{b.reference}</span>{' '}
        <Badge tone={statusTone(b.status)}>{ts(`bookingStatus.${b.status}`)}</Badge>{' '}
        <Badge tone={statusTone(b.paymentStatus)}>{ts(`paymentStatus.${b.paymentStatus}`)}</Badge>
      </PageTitle>
      {view.noUnit && (view.noUnit.noneFree || view.noUnit.paid) ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
          {view.noUnit.paid === 'automatic'
            ? t('noUnit.refunded')
            : view.noUnit.paid
              ? t(view.noUnit.noneFree ? 'noUnit.paidNoneFree' : 'noUnit.paidUnitFree', { hours: NO_UNIT_DECISION_HOURS })
              : t('noUnit.noneFree')}
        </p>
      ) : null}
      {doneKey || accessDone ? (
        <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900">
          {doneKey ? t(doneKey) : tm(`admin.${accessDone!}`)}
        </p>
      ) : null}
    </>
  );
}
