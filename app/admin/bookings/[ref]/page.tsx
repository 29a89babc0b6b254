import { notFound, redirect } from 'next/navigation';
import { adminPage } from '@/lib/admin/guard';
import { db } from '@/lib/db';

/** The spec's /admin/bookings/{ref} links (in older emails) lead to the booking review by id. */
export default async function BookingByReference({ params }: { params: Promise<{ ref: string }> }) {
  await adminPage('bookings');
  const { ref } = await params;
  const booking = await db.booking.findUnique({ where: { reference: decodeURIComponent(ref).toUpperCase() }, select: { id: true } });
  if (!booking) notFound();
  redirect(`/admin/booking-review/${booking.id}`);
}
