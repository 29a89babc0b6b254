import crypto from 'node:crypto';

/** Crockford base-32: no I, L, O, U, so references read aloud without confusion. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'BF2-' + 8 random Crockford characters (docs/product-rules.md#booking-lifecycle); uniqueness is enforced by the database. */
export function generateBookingReference(): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += CROCKFORD[crypto.randomInt(32)];
  return `BF2-${out}`;
}

export const BOOKING_REFERENCE_RE = /^BF2-[0-9A-HJKMNP-TV-Z]{8}$/;
