// Pure: the offer's length is read by the offers (lib/billing/waiting-list-offers.ts), their email and staff's
// waiting-list page; kept here, below billing, so the offers and their sender do not import each other.

/** A freed unit is held this long for the person it is offered to, then offered to the next. */
export const OFFER_HOLD_MS = 24 * 60 * 60 * 1000;
