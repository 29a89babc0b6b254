import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { bookingReviewView } from '@/lib/admin/booking-review-view';
import { ReviewHeader } from '@/components/admin/booking-review/header';
import { SummaryCards } from '@/components/admin/booking-review/summary-cards';
import { IdentityCard } from '@/components/admin/booking-review/identity-card';
import { PhotosCard } from '@/components/admin/booking-review/photos-card';
import { ActionsCard } from '@/components/admin/booking-review/actions-card';
import { AgreementCard, CounterCard, InvoicesCard, NotesAndHistory, PaymentsAndEmails, PriceAndProofs, StaffInvoiceCard } from '@/components/admin/booking-review/records-cards';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: `${(await getTranslations('admin.review'))('title')} ${id}` };
}

/**
 * Everything about one booking, and the actions its state allows: one view model (lib/admin/booking-review-view.ts)
 * rendered section by section (components/admin/booking-review). A new section is one line here.
 */
export default async function BookingReviewPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ done?: string }> }) {
  const { db } = await adminPage('bookingReview');
  const [{ id }, { done }, locale] = await Promise.all([params, searchParams, getLocale()]);
  const view = await bookingReviewView(db, id, locale);
  if (!view) notFound();
  return (
    <>
      <ReviewHeader view={view} done={done} />
      <SummaryCards view={view} />
      <IdentityCard view={view} />
      <PhotosCard view={view} />
      <ActionsCard view={view} />
      <PriceAndProofs view={view} />
      <CounterCard view={view} />
      <InvoicesCard view={view} />
      <StaffInvoiceCard view={view} />
      <PaymentsAndEmails view={view} />
      <NotesAndHistory view={view} />
      <AgreementCard view={view} />
    </>
  );
}
