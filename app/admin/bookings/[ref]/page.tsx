import { notFound, redirect } from 'next/navigation';
import { adminPage } from '@/lib/admin/guard';
import { bookingIdByReference } from '@/lib/admin/section-reads';

/** The spec's /admin/bookings/{ref} links (in older emails) lead to the booking review by id. */
export default async function BookingByReference({ params }: { params: Promise<{ ref: string }> }) {
  const { db } = await adminPage('bookings');
  const { ref } = await params;
  const bookingId = await bookingIdByReference(db, decodeURIComponent(ref).toUpperCase());
  if (!bookingId) notFound();
  redirect(`/admin/booking-review/${bookingId}`);
}
