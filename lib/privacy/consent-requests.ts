import 'server-only';
import { db } from '@/lib/db';
import { consumeRateLimit } from '@/lib/rate-limit';
import { recordConsent, type ConsentInput } from './consent';

/** POST /api/consent on the app's database (docs/product-rules.md#personal-data-pdpa). */

/** One cookie choice from this address against its allowance ('consentRecord', lib/rate-limit). */
export function spendConsentRecord(address: string) {
  return consumeRateLimit(db, 'consentRecord', address);
}

/** The visitor's cookie choice recorded now, with the notice version it was made under. */
export function recordConsentNow(input: ConsentInput) {
  return recordConsent(db, input);
}
