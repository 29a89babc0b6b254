/**
 * The periods the rental agreement sets and the code keeps (docs/product-rules.md#agreement-and-business-facts): the
 * agreement's text states them from here (./default-agreement.ts, the seeded terms), and billing, the portal's notice
 * and rent changes count with the same values. Pure: the seed and the client may import it.
 */

/** Days after a billing date before access is suspended and the late fee charged. */
export const GRACE_DAYS = 10;
/** The day after the billing date from which the unit may be overlocked. */
export const OVERLOCK_DAY = 30;
/** The day after the billing date from which the tenant is in default. */
export const DEFAULT_DAY = 60;
/** The deposit is refunded within this many days of move-out. */
export const DEPOSIT_REFUND_DAYS = 30;
/** The customer's notice to vacate, in days before the next billing date. */
export const CUSTOMER_NOTICE_DAYS = 10;
/** Written notice of a price change (and of the provider ending the agreement), in days. */
export const RENT_NOTICE_DAYS = 30;
