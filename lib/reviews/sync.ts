// No 'server-only' import: `npm run reviews:sync` runs this under plain Node, where that guard throws. node:crypto keeps it
// out of client bundles anyway.
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@/lib/db';

export const DEFAULT_PLACES_BASE_URL = 'https://maps.googleapis.com';
const TIMEOUT_MS = 15_000;

export interface SyncOptions {
  apiKey: string;
  placeId: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** review language Google should return; Google's default when unset */
  language?: string;
}

export type SyncResult =
  | { ok: true; rating: number | null; total: number | null; upserted: number }
  | { ok: false; status: string; error: string };

// Only the fields we use; Google adds others freely.
const reviewSchema = z.object({
  author_name: z.string().min(1),
  rating: z.number().int().min(1).max(5),
  text: z.string().trim().default(''),
  time: z.number().int(),
  relative_time_description: z.string().default(''),
  profile_photo_url: z.string().url().optional(),
  author_url: z.string().optional(),
});

const responseSchema = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  result: z
    .object({
      rating: z.number().min(0).max(5).optional(),
      user_ratings_total: z.number().int().min(0).optional(),
      reviews: z.array(z.unknown()).optional(),
    })
    .optional(),
});

/** Stable id of a Google review: Places gives none, but author and publication time identify it. */
export function reviewExternalId(authorName: string, time: number): string {
  return `google:${crypto.createHash('sha256').update(`${authorName}\u0000${time}`).digest('hex').slice(0, 32)}`;
}

export function placeDetailsUrl({ apiKey, placeId, baseUrl = DEFAULT_PLACES_BASE_URL, language }: SyncOptions): string {
  const url = new URL('/maps/api/place/details/json', baseUrl);
  url.searchParams.set('place_id', placeId);
  url.searchParams.set('fields', 'rating,user_ratings_total,reviews');
  if (language) url.searchParams.set('language', language);
  url.searchParams.set('key', apiKey);
  return url.toString();
}

async function logFailure(db: Db, status: string, error: string): Promise<SyncResult> {
  await db.reviewSyncLog.create({ data: { apiStatus: status, error: error.slice(0, 2000) } });
  return { ok: false, status, error };
}

/**
 * Fetches the place's rating, review count and latest reviews from Google Places (Place Details) and stores them:
 * reviews are upserted by a stable id, and every run writes a ReviewSyncLog row (apiStatus 'OK' with rating and
 * total, or the error). The landing page reads the newest OK row (lib/reviews/queries.ts).
 */
export async function syncGoogleReviews(db: Db, options: SyncOptions): Promise<SyncResult> {
  const doFetch = options.fetch ?? fetch;
  let body: unknown;
  try {
    const response = await doFetch(placeDetailsUrl(options), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return logFailure(db, `HTTP_${response.status}`, `Google Places answered HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    return logFailure(db, 'NETWORK_ERROR', error instanceof Error ? error.message : String(error));
  }

  const parsed = responseSchema.safeParse(body);
  if (!parsed.success) return logFailure(db, 'INVALID_RESPONSE', parsed.error.message);
  const { status, error_message, result } = parsed.data;
  if (status !== 'OK' || !result) return logFailure(db, status || 'UNKNOWN_ERROR', error_message ?? `Google Places status ${status}`);

  // Keep the well-formed reviews; one odd entry must not lose the others.
  const reviews = (result.reviews ?? []).flatMap((r) => {
    const one = reviewSchema.safeParse(r);
    return one.success ? [one.data] : [];
  });

  await db.$transaction(async (tx) => {
    for (const [index, r] of reviews.entries()) {
      const data = {
        authorName: r.author_name,
        rating: r.rating,
        text: r.text,
        relativeTime: r.relative_time_description,
        profilePhotoUrl: r.profile_photo_url ?? null,
        publishedAt: new Date(r.time * 1000),
      };
      // Staff choices (isActive, showOnLanding, displayOrder) are kept for reviews already stored.
      await tx.review.upsert({
        where: { externalId: reviewExternalId(r.author_name, r.time) },
        create: { ...data, externalId: reviewExternalId(r.author_name, r.time), source: 'google', displayOrder: index + 1 },
        update: data,
      });
    }
    // Real reviews replace the built-in set on the landing page.
    if (reviews.length > 0) {
      await tx.review.updateMany({ where: { source: 'fallback', showOnLanding: true }, data: { showOnLanding: false } });
    }
    await tx.reviewSyncLog.create({
      data: { apiStatus: 'OK', placeRating: result.rating ?? null, totalReviews: result.user_ratings_total ?? null },
    });
  });

  return { ok: true, rating: result.rating ?? null, total: result.user_ratings_total ?? null, upserted: reviews.length };
}

/** Options from the environment, or null when the sync is not configured. */
export function syncOptionsFromEnv(env: {
  GOOGLE_PLACES_API_KEY?: string;
  GOOGLE_PLACE_ID?: string;
  GOOGLE_PLACES_BASE_URL?: string;
}): SyncOptions | null {
  if (!env.GOOGLE_PLACES_API_KEY || !env.GOOGLE_PLACE_ID) return null;
  return { apiKey: env.GOOGLE_PLACES_API_KEY, placeId: env.GOOGLE_PLACE_ID, baseUrl: env.GOOGLE_PLACES_BASE_URL ?? DEFAULT_PLACES_BASE_URL };
}
