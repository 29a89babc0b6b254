import 'server-only';
import type { Db } from '@/lib/db';
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

/** The outcome for a record that exists and is active (spec §5 order: not yet active, expired, limit). */
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

/** Looks the code up upper-cased among active codes; inactive codes are reported as not found. */
export async function checkPromoCode(db: Db, code: string, now: Date = new Date(), locale = 'en'): Promise<PromoCheckResult> {
  const normalized = normalizePromoCode(code);
  if (!normalized) return { status: 'invalid', code: normalized, reason: 'not_found' };
  try {
    const record = await db.promoCode.findFirst({ where: { code: normalized, isActive: true } });
    if (!record) return { status: 'invalid', code: normalized, reason: 'not_found' };
    return judgePromo(record, now, locale);
  } catch (error) {
    console.error('promo: lookup failed', error);
    return { status: 'invalid', code: normalized, reason: 'error' };
  }
}

/** The pricing routine's view of a valid promo. */
export function promoForPricing(result: Extract<PromoCheckResult, { status: 'valid' }>): Promo {
  return result.discountType === 'percentage'
    ? { type: 'percentage', percent: result.discountValue }
    : { type: 'fixed', amountSatang: result.discountValue };
}
