import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db/client';
import { FALLBACK_RATING, FALLBACK_REVIEW_COUNT, FALLBACK_REVIEWS } from './fallback';
import { getLandingReviews } from './queries';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
});
afterAll(() => close());

describe('landing reviews', () => {
  it('uses the fallback rating and count until a sync succeeds', async () => {
    await db.reviewSyncLog.create({ data: { apiStatus: 'REQUEST_DENIED', error: 'bad key' } });
    const result = await getLandingReviews(db);
    expect(result.rating).toBe(FALLBACK_RATING);
    expect(result.count).toBe(FALLBACK_REVIEW_COUNT);
    expect(result.reviews).toHaveLength(6);
  });

  it('takes rating and count from the latest successful sync and shows at most 6 active landing reviews in order', async () => {
    await db.reviewSyncLog.create({ data: { apiStatus: 'OK', placeRating: 4.6, totalReviews: 80, syncDate: new Date('2026-11-01T00:00:00Z') } });
    await db.reviewSyncLog.create({ data: { apiStatus: 'OK', placeRating: 4.9, totalReviews: 120, syncDate: new Date('2026-11-20T00:00:00Z') } });
    await db.reviewSyncLog.create({ data: { apiStatus: 'ERROR', syncDate: new Date('2026-11-21T00:00:00Z') } });
    await db.review.createMany({
      data: [
        { externalId: 'g-first', authorName: 'First', rating: 5, text: 'Great', displayOrder: 0 },
        { externalId: 'g-hidden', authorName: 'Hidden', rating: 1, text: 'Hidden', displayOrder: 0, showOnLanding: false },
        { externalId: 'g-inactive', authorName: 'Inactive', rating: 1, text: 'Off', displayOrder: 0, isActive: false },
        { externalId: 'g-wordless', authorName: 'Wordless', rating: 5, text: '', displayOrder: 0 },
      ],
    });
    const result = await getLandingReviews(db);
    expect(result).toMatchObject({ rating: 4.9, count: 120 });
    expect(result.reviews).toHaveLength(6);
    expect(result.reviews[0].authorName).toBe('First');
    expect(result.reviews.map((r) => r.authorName)).not.toContain('Hidden');
    expect(result.reviews.map((r) => r.authorName)).not.toContain('Inactive');
    expect(result.reviews.map((r) => r.authorName)).not.toContain('Wordless');
  });

  it('dates the seeded built-in reviews, so their age can be printed in any language', async () => {
    await db.review.deleteMany({ where: { source: { not: 'fallback' } } });
    const result = await getLandingReviews(db);
    expect(result.reviews).toHaveLength(6);
    for (const r of result.reviews) expect(r.publishedAt).toBeInstanceOf(Date);
  });

  it('keeps a review without a publication time on its stored relative text', async () => {
    await db.review.create({ data: { externalId: 'g-undated', authorName: 'Undated', rating: 5, text: 'Old import', relativeTime: '3 weeks ago', displayOrder: -1 } });
    const [first] = (await getLandingReviews(db)).reviews;
    expect(first).toMatchObject({ authorName: 'Undated', publishedAt: null, relativeTime: '3 weeks ago' });
  });

  it('shows the six built-in reviews when the table is empty, aged from now', async () => {
    await db.review.deleteMany();
    const now = new Date('2026-11-22T05:00:00Z');
    const result = await getLandingReviews(db, now);
    expect(result.reviews.map((r) => r.authorName)).toEqual(FALLBACK_REVIEWS.map((r) => r.authorName));
    expect(result.reviews[0].publishedAt).toEqual(new Date('2026-11-08T05:00:00Z'));
  });
});
