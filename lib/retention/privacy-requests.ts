/**
 * The PDPA's clock and kinds of requests (docs/product-rules.md#personal-data-pdpa), kept at the bottom of the map so
 * staff alerts can state the deadline without importing the privacy module above them. Pure.
 */
export const PRIVACY_REQUEST_DAYS = 30;
export const PRIVACY_REQUEST_KINDS = ['access', 'export', 'correction', 'erasure'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
