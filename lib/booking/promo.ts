import 'server-only';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import { pickLocalized } from '@/lib/i18n/localized';
import type { Promo } from '@/lib/pricing';
import type { PromoCheckResult } from './draft';

export type PromoRecord = {
  id: string;
  code: string;
  isActive: boolean;
  validFrom: Date;
  validUntil: Date | null;
  maxUses: number | null;
  currentUses: number;
  discountType: 'percentage' | 'fixed';
  discountValue: number;
  description: unknown;
};

export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The outcome for a record that exists and is active (checked in this order: not yet active, expired, limit). */
export function judgePromo(record: PromoRecord, now: Date, locale: string): PromoCheckResult {
  if (now < record.validFrom) return { status: 'invalid', code: record.code, reason: 'not_active' };
  if (record.validUntil && now > record.validUntil) return { status: 'invalid', code: record.code, reason: 'expired' };
  if (record.maxUses != null && record.currentUses >= record.maxUses) {
    return { status: 'invalid', code: record.code, reason: 'limit_reached' };
  }
  return {
    status: 'valid',
    code: record.code,
    description: pickLocalized<string>(record.description, locale) ?? '',
    discountType: record.discountType,
    discountValue: record.discountValue,
  };
}

/**
 * Looks the code up upper-cased among active codes; inactive codes are reported as not found. `id` is the record a
 * booking counts its use against (null unless valid).
 */
export async function lookupPromoCode(db: Db, code: string, now: Date, locale: string): Promise<{ result: PromoCheckResult; id: string | null }> {
  const normalized = normalizePromoCode(code);
  if (!normalized) return { result: { status: 'invalid', code: normalized, reason: 'not_found' }, id: null };
  try {
    const record = await db.promoCode.findFirst({ where: { code: normalized, isActive: true } });
    if (!record) return { result: { status: 'invalid', code: normalized, reason: 'not_found' }, id: null };
    const result = judgePromo(record, now, locale);
    return { result, id: result.status === 'valid' ? record.id : null };
  } catch (error) {
    log.error({ err: error }, 'promo: lookup failed');
    return { result: { status: 'invalid', code: normalized, reason: 'error' }, id: null };
  }
}

/**
 * Step 6's check: the outcome only, and every refusal alike ('not_found': "This promo code was not found."), as the
 * quote API answers: which codes exist but expired, are not active yet or are used up is nobody's business
 * (docs/product-rules.md#holds, "Promo codes"). Only a failed check ('error') says so, so the visitor can retry.
 */
export async function checkPromoCode(db: Db, code: string, now: Date, locale: string): Promise<PromoCheckResult> {
  const { result } = await lookupPromoCode(db, code, now, locale);
  return result.status === 'invalid' && result.reason !== 'error' ? { ...result, reason: 'not_found' } : result;
}

/** The pricing routine's view of a valid promo. */
export function promoForPricing(result: Extract<PromoCheckResult, { status: 'valid' }>): Promo {
  return result.discountType === 'percentage'
    ? { type: 'percentage', percent: result.discountValue }
    : { type: 'fixed', amountSatang: result.discountValue };
}
