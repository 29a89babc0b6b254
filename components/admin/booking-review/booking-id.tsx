/** The booking every review form acts on. */
export function BookingId({ id }: { id: string }) {
  return <input type="hidden" name="bookingId" value={id} />;
}
