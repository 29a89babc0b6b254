import { getTranslations } from 'next-intl/server';
import { PortalForm } from '@/app/[locale]/my-booking/_components/portal-form';
import { giveNoticeAction } from '@/app/[locale]/my-booking/actions';
import { CUSTOMER_NOTICE_DAYS } from '@/lib/portal/notice';
import { portalFormat, type PortalSectionProps } from './context';
import { BookingRef } from './booking-ref';

/** Notice to move out: the rule and its outcome before, the move-out date after (lib/portal/notice.ts). */
export async function NoticeSection(props: PortalSectionProps) {
  const { view, locale } = props;
  const b = view.booking;
  if (!view.notice && !b.noticeGivenAt) return null;
  const [t, tl] = await Promise.all([getTranslations('portal'), getTranslations('lifecycle')]);
  const { date } = portalFormat(locale);
  return (
    <section className="rounded-2xl border border-gray-200 p-6">
      <h2 className="text-lg font-semibold text-gray-900">{t('notice.title')}</h2>
      {b.noticeGivenAt && b.moveOutDate ? (
        <>
          <p className="mt-2 text-sm" role="status">{t('notice.given', { date: date(b.moveOutDate) })}</p>
          <p className="mt-1 text-sm text-gray-700">{tl('portal.moveOut', { date: date(b.moveOutDate) })}</p>
        </>
      ) : view.notice ? (
        <>
          <p className="mt-2 text-sm text-gray-700">{t('notice.rule', { days: CUSTOMER_NOTICE_DAYS })}</p>
          <p className="mt-2 text-sm font-semibold">{t('notice.outcome', { date: date(view.notice.moveOutDate) })}</p>
          <GiveNoticeForm {...props} />
        </>
      ) : null}
    </section>
  );
}

export async function GiveNoticeForm({ view, locale, token }: PortalSectionProps) {
  if (!view.notice) return null;
  const t = await getTranslations('portal');
  const { date } = portalFormat(locale);
  return (
    <div className="mt-3">
      <PortalForm action={giveNoticeAction} submit={t('notice.submit')} working={t('working')} confirm={t('notice.confirm', { date: date(view.notice.moveOutDate) })}>
        <BookingRef reference={view.booking.reference} token={token} />
      </PortalForm>
    </div>
  );
}
