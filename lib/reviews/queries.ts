import 'server-only';
import { log } from '@/lib/log';
import type { Db } from '@/lib/db';
import { FALLBACK_RATING, FALLBACK_REVIEW_COUNT, FALLBACK_REVIEWS, fallbackPublishedAt } from './fallback';

export const MAX_LANDING_REVIEWS = 6;

export interface LandingReview {
  id: string;
  authorName: string;
  rating: number;
  text: string;
  /** when the review was published; the page prints its age in the reader's language */
  publishedAt: Date | null;
  /** Google's own "2 weeks ago" (in the sync's language), shown only when publishedAt is unknown */
  relativeTime: string;
  profilePhotoUrl: string | null;
}

export interface LandingReviews {
  /** place rating (1–5) from the latest successful sync, else the built-in fallback */
  rating: number;
  /** total review count from the latest successful sync, else the built-in fallback */
  count: number;
  reviews: LandingReview[];
}

const fallbackReviews = (now: Date): LandingReview[] =>
  FALLBACK_REVIEWS.slice(0, MAX_LANDING_REVIEWS).map((r) => ({
    id: r.externalId,
    authorName: r.authorName,
    rating: r.rating,
    text: r.text,
    publishedAt: fallbackPublishedAt(r, now),
    relativeTime: '',
    profilePhotoUrl: null,
  }));

/**
 * Reviews for the home page and structured data: active landing reviews in display order (at most 6), with the
 * rating and count of the latest successful Google sync. Falls back to the built-in set so the section never empties.
 */
export async function getLandingReviews(db: Db, now: Date = new Date()): Promise<LandingReviews> {
  try {
    const [rows, lastSync] = await Promise.all([
      db.review.findMany({
        // Google allows a rating without words; an empty quote has nothing to show on the home page.
        where: { isActive: true, showOnLanding: true, NOT: { text: '' } },
        orderBy: [{ displayOrder: 'asc' }, { createdAt: 'desc' }],
        take: MAX_LANDING_REVIEWS,
      }),
      db.reviewSyncLog.findFirst({
        where: { apiStatus: 'OK', placeRating: { not: null }, totalReviews: { not: null } },
        orderBy: { syncDate: 'desc' },
      }),
    ]);
    return {
      rating: lastSync?.placeRating ?? FALLBACK_RATING,
      count: lastSync?.totalReviews ?? FALLBACK_REVIEW_COUNT,
      reviews: rows.length
        ? rows.map((r) => ({
            id: r.id,
            authorName: r.authorName,
            rating: r.rating,
            text: r.text,
            publishedAt: r.publishedAt,
            relativeTime: r.relativeTime,
            profilePhotoUrl: r.profilePhotoUrl,
          }))
        : fallbackReviews(now),
    };
  } catch (error) {
    log.error({ err: error }, 'reviews: failed to read landing reviews, using fallback');
    return fallbackLandingReviews(now);
  }
}

/** The built-in reviews with their rating and count: what the home page shows without the database. */
export function fallbackLandingReviews(now: Date): LandingReviews {
  return { rating: FALLBACK_RATING, count: FALLBACK_REVIEW_COUNT, reviews: fallbackReviews(now) };
}
