/**
 * The PDPA's clock and kinds of requests (docs/product-rules.md#personal-data-pdpa), kept at the bottom of the map so
 * staff alerts can state the deadline without importing the privacy module above them. Pure.
 */
export const PRIVACY_REQUEST_DAYS = 30;
/**
 * The data subject's rights (PDPA ss. 19, 30-36): access, a copy (portability), correction, erasure, withdrawing a
 * consent, objecting to a use, and restricting (pausing) a use.
 */
export const PRIVACY_REQUEST_KINDS = ['access', 'export', 'correction', 'erasure', 'withdrawal', 'objection', 'restriction'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
