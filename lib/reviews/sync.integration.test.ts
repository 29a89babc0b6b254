import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db/client';
import { getLandingReviews } from './queries';
import { reviewExternalId, syncGoogleReviews } from './sync';
import { FAKE_REVIEWS, placeDetailsDenied, placeDetailsOk, startFakeGooglePlaces } from '@/test/fakes/google-places';

let db: Db;
let close: () => Promise<void>;
let fake: Awaited<ReturnType<typeof startFakeGooglePlaces>>;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  fake = await startFakeGooglePlaces();
});
afterAll(async () => {
  await fake.close();
  await close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const options = () => ({ apiKey: 'test-key-123', placeId: 'ChIJ-test-place', baseUrl: fake.baseUrl });

describe('syncGoogleReviews against a fake Google Places server', () => {
  it('starts from the built-in reviews', async () => {
    const landing = await getLandingReviews(db);
    expect(landing).toMatchObject({ rating: 5, count: 16 });
    expect(landing.reviews).toHaveLength(6);
  });

  it('calls Place Details with the place, the fields and the key', async () => {
    fake.answerWith(placeDetailsOk());
    await syncGoogleReviews(db, options());
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/maps/api/place/details/json');
    expect(req.query.get('place_id')).toBe('ChIJ-test-place');
    expect(req.query.get('fields')).toBe('rating,user_ratings_total,reviews');
    expect(req.query.get('key')).toBe('test-key-123');
  });

  it('stores the reviews and an OK log, which the landing page then shows', async () => {
    fake.answerWith(placeDetailsOk({ rating: 4.9, total: 87 }));
    const result = await syncGoogleReviews(db, options());
    expect(result).toEqual({ ok: true, rating: 4.9, total: 87, upserted: 2 });

    const stored = await db.review.findUnique({ where: { externalId: reviewExternalId('Nattapong Srisuk', FAKE_REVIEWS[0].time) } });
    expect(stored).toMatchObject({ source: 'google', rating: 5, text: 'Clean units and very helpful staff.', relativeTime: 'a week ago' });
    expect(stored?.publishedAt?.toISOString()).toBe(new Date(FAKE_REVIEWS[0].time * 1000).toISOString());

    const log = await db.reviewSyncLog.findFirst({ orderBy: { syncDate: 'desc' } });
    expect(log).toMatchObject({ apiStatus: 'OK', placeRating: 4.9, totalReviews: 87, error: null });

    const landing = await getLandingReviews(db);
    expect(landing.rating).toBe(4.9);
    expect(landing.count).toBe(87);
    expect(landing.reviews.map((r) => r.authorName)).toEqual(['Nattapong Srisuk', 'Olga Petrova']);
    // The publication time, which the page prints in the reader's language; Google's English text stays as a fallback.
    expect(landing.reviews[0]).toMatchObject({ publishedAt: new Date(FAKE_REVIEWS[0].time * 1000), relativeTime: 'a week ago' });
    expect(landing.reviews[1].publishedAt).toEqual(new Date(FAKE_REVIEWS[1].time * 1000));
  });

  it('updates rather than duplicates a review on the next run', async () => {
    fake.answerWith(placeDetailsOk({ rating: 4.8, total: 88, reviews: [{ ...FAKE_REVIEWS[1], text: 'Edited: great place.' }] }));
    await syncGoogleReviews(db, options());
    const rows = await db.review.findMany({ where: { authorName: 'Olga Petrova' } });
    expect(rows).toHaveLength(1);
    expect(rows[0].text).toBe('Edited: great place.');
  });

  it('logs an error answer and keeps the last good rating', async () => {
    fake.answerWith(placeDetailsDenied());
    const result = await syncGoogleReviews(db, options());
    expect(result).toEqual({ ok: false, status: 'REQUEST_DENIED', error: 'The provided API key is invalid.' });
    const log = await db.reviewSyncLog.findFirst({ orderBy: { syncDate: 'desc' } });
    expect(log).toMatchObject({ apiStatus: 'REQUEST_DENIED', error: 'The provided API key is invalid.', placeRating: null });
    expect((await getLandingReviews(db)).rating).toBe(4.8);
  });

  it('logs an HTTP failure and a malformed answer', async () => {
    fake.answerWith({ status: 500, body: { oops: true } });
    expect(await syncGoogleReviews(db, options())).toMatchObject({ ok: false, status: 'HTTP_500' });
    fake.answerWith({ body: { result: 'nonsense' } });
    expect(await syncGoogleReviews(db, options())).toMatchObject({ ok: false, status: 'INVALID_RESPONSE' });
  });

  it('logs an unreachable server', async () => {
    const result = await syncGoogleReviews(db, { ...options(), baseUrl: 'http://127.0.0.1:9' });
    expect(result).toMatchObject({ ok: false, status: 'NETWORK_ERROR' });
  });
});
