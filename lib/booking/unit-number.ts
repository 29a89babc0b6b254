/**
 * The customer sees which unit is theirs once the booking is confirmed (docs/product-rules.md#booking-lifecycle);
 * until then it is 'TBA'. One rule for the snapshot, the emails, the success page and the portal.
 */
export function visibleUnitNumber(bookingStatus: string, unitNumber: string | null | undefined): string | null {
  return bookingStatus === 'confirmed' || bookingStatus === 'active' ? (unitNumber ?? null) : null;
}
