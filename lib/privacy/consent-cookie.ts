/**
 * The visitor's cookie choice as the browser keeps it (docs/product-rules.md#personal-data-pdpa): one first-party cookie
 * `pss_consent` = `<visitorId>.<a><m>.<noticeVersion>` (a, m: 1 agreed, 0 refused, for analytics and marketing), kept
 * CONSENT_MAX_AGE_DAYS. Read in the browser (the pages are cached, so the choice cannot be read on the server); each
 * choice is also recorded on the server (consent_records). Pure, for the browser and the server alike.
 */
export const CONSENT_COOKIE = 'pss_consent';
export const CONSENT_MAX_AGE_DAYS = 365;
/** The footer's "Cookie settings" links here, so a tap before the page's scripts ran still opens the choice. */
export const CONSENT_SETTINGS_HASH = 'cookie-settings';
export const CONSENT_PURPOSES = ['analytics', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export type ConsentChoice = Record<ConsentPurpose, boolean>;
export const VISITOR_ID_RE = /^[A-Za-z0-9_-]{16,64}$/;

export interface StoredConsent {
  visitorId: string;
  choice: ConsentChoice;
  noticeVersion: number;
}

export function parseConsent(value: string | undefined | null): StoredConsent | null {
  const m = /^([A-Za-z0-9_-]{16,64})\.([01])([01])\.(\d{1,6})$/.exec(value ?? '');
  if (!m) return null;
  return { visitorId: m[1], choice: { analytics: m[2] === '1', marketing: m[3] === '1' }, noticeVersion: Number(m[4]) };
}

export function formatConsent(c: StoredConsent): string {
  return `${c.visitorId}.${c.choice.analytics ? 1 : 0}${c.choice.marketing ? 1 : 0}.${c.noticeVersion}`;
}

/** A stored choice made under an older notice no longer counts: the visitor is asked again. */
export function consentCurrent(c: StoredConsent | null, noticeVersion: number): c is StoredConsent {
  return c !== null && c.noticeVersion === noticeVersion;
}
