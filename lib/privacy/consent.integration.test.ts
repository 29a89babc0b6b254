import { afterAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { PRIVACY_VERSION } from '@/prisma/seed-data/legal';
import { consentInForce, consentInput, recordConsent } from './consent';
import { consentCurrent, formatConsent, parseConsent } from './consent-cookie';

/** Consent where the notice says consent (docs/product-rules.md#personal-data-pdpa): given, withdrawn, and its record. */
const { db, close } = await openTestDb();
afterAll(() => close());
const visitorId = 'v0123456789abcdef0123';

describe('cookie consent', () => {
  it('nothing optional is on before the visitor chooses', async () => {
    expect(await consentInForce(db, visitorId)).toEqual({ analytics: false, marketing: false });
  });

  it('a choice is recorded per purpose with the notice version, the time and how it was made; a withdrawal wins at once', async () => {
    const given = new Date('2026-12-01T03:00:00Z');
    expect(await recordConsent(db, { visitorId, analytics: true, marketing: false, method: 'banner', locale: 'th' }, given)).toEqual({ noticeVersion: PRIVACY_VERSION });
    expect(await consentInForce(db, visitorId)).toEqual({ analytics: true, marketing: false });
    const withdrawn = new Date('2026-12-02T03:00:00Z');
    await recordConsent(db, { visitorId, analytics: false, marketing: false, method: 'settings', locale: 'th' }, withdrawn);
    expect(await consentInForce(db, visitorId)).toEqual({ analytics: false, marketing: false });
    const rows = await db.consentRecord.findMany({ where: { visitorId }, orderBy: [{ createdAt: 'asc' }, { purpose: 'asc' }] });
    expect(rows.map((r) => [r.purpose, r.granted, r.noticeVersion, r.method, r.locale, r.createdAt.toISOString()])).toEqual([
      ['analytics', true, PRIVACY_VERSION, 'banner', 'th', given.toISOString()],
      ['marketing', false, PRIVACY_VERSION, 'banner', 'th', given.toISOString()],
      ['analytics', false, PRIVACY_VERSION, 'settings', 'th', withdrawn.toISOString()],
      ['marketing', false, PRIVACY_VERSION, 'settings', 'th', withdrawn.toISOString()],
    ]);
    // Another visitor is not affected.
    expect(await consentInForce(db, 'another-visitor-0000001')).toEqual({ analytics: false, marketing: false });
  });

  it('refuses what is not a choice', () => {
    expect(consentInput.safeParse({ visitorId, analytics: 'yes', marketing: false, method: 'banner', locale: 'th' }).success).toBe(false);
    expect(consentInput.safeParse({ visitorId: 'x', analytics: true, marketing: false, method: 'banner', locale: 'th' }).success).toBe(false);
    expect(consentInput.safeParse({ visitorId, analytics: true, marketing: false, method: 'banner', locale: 'th', ip: '1.2.3.4' }).success).toBe(false);
  });

  it('the browser keeps the choice under the notice version; a new notice asks again', () => {
    const c = { visitorId, choice: { analytics: false, marketing: true }, noticeVersion: 2 };
    expect(parseConsent(formatConsent(c))).toEqual(c);
    expect(parseConsent('garbage')).toBeNull();
    expect(consentCurrent(c, 2)).toBe(true);
    expect(consentCurrent(c, 3)).toBe(false);
    expect(consentCurrent(null, 2)).toBe(false);
  });
});
