import { afterAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { activateLegalVersion, createLegalVersion } from '@/lib/content/content';
import { PRIVACY_VERSION } from '@/prisma/seed-data/legal';
import { RETENTION_TABLE_MARKER } from '@/lib/retention/notice-table';
import { announceNoticeChange } from './notice-seen';

/**
 * A new privacy notice is shown to customers at their next visit to the portal, once
 * (docs/product-rules.md#personal-data-pdpa); a customer who booked under the current notice is not told about it.
 */
const { db, close } = await openTestDb();
afterAll(close);
const admin = { id: 'admin-1', email: 'admin@example.test' };

async function customer(email: string, createdAt: Date) {
  return db.customer.create({ data: { type: 'individual', firstName: 'Nok', lastName: 'Test', email, phone: '0812345678', address: 'Phuket', createdAt } });
}

describe('the notice changed banner', () => {
  it('tells a customer who booked under an older notice once, on every record of their email', async () => {
    await customer('early@example.com', new Date('2025-01-01T00:00:00Z'));
    await customer('Early@Example.com', new Date('2025-03-01T00:00:00Z'));
    expect(await announceNoticeChange(db, 'early@example.com', 'th')).toMatchObject({ version: PRIVACY_VERSION });
    expect(await announceNoticeChange(db, 'early@example.com', 'th')).toBeNull();
    const records = await db.customer.findMany({ where: { email: { in: ['early@example.com', 'Early@Example.com'] } } });
    expect(records.map((c) => c.noticeSeen)).toEqual([PRIVACY_VERSION, PRIVACY_VERSION]);
    expect(records.every((c) => c.noticeSeenAt instanceof Date)).toBe(true);
    // The history of what each record was told: one audit row each, with the version and its language, written once.
    const shown = await db.auditLog.findMany({ where: { action: 'privacy.notice_shown', entityId: { in: records.map((c) => c.id) } } });
    expect(shown).toHaveLength(2);
    expect(shown[0]!.data).toMatchObject({ after: { version: PRIVACY_VERSION, locale: 'th', via: 'portal' } });
  });

  it('says nothing to a customer who booked under the current notice', async () => {
    await customer('recent@example.com', new Date());
    expect(await announceNoticeChange(db, 'recent@example.com', 'ru')).toBeNull();
    const c = await db.customer.findFirstOrThrow({ where: { email: 'recent@example.com' } });
    expect(c.noticeSeen).toBe(PRIVACY_VERSION);
    // Not shown, so no history row: the booking itself keeps the version given when they agreed.
    expect(await db.auditLog.count({ where: { action: 'privacy.notice_shown', entityId: c.id } })).toBe(0);
  });

  it('a version edited and activated in the admin is shown at the next visit', async () => {
    await customer('later@example.com', new Date());
    expect(await announceNoticeChange(db, 'later@example.com', 'ru')).toBeNull();
    const id = await createLegalVersion(db, admin, { type: 'privacy_policy', locale: 'ru', title: 'Политика', content: `<h3>6</h3><p>${RETENTION_TABLE_MARKER}</p>`, supportsVariables: false });
    // Created but not yet active: nothing to tell.
    expect(await announceNoticeChange(db, 'later@example.com', 'ru')).toBeNull();
    await activateLegalVersion(db, admin, id);
    expect(await announceNoticeChange(db, 'later@example.com', 'ru')).toMatchObject({ version: PRIVACY_VERSION + 1 });
    expect(await announceNoticeChange(db, 'later@example.com', 'ru')).toBeNull();
  });

  it('nobody with that email: nothing', async () => {
    expect(await announceNoticeChange(db, 'nobody@example.com', 'en')).toBeNull();
  });
});
