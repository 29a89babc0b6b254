/**
 * `npm run reviews:sync`: fetches Google reviews into the database once (a cron can run it, or call
 * /api/cron/reviews-sync). Without GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_ID it explains and exits 0: the site then
 * keeps showing the built-in reviews.
 */
import { createPrismaClient } from '@/lib/db/client';
import { parseEnv } from '@/lib/env/schema';
import { syncGoogleReviews, syncOptionsFromEnv } from '@/lib/reviews/sync';

async function main(): Promise<number> {
  const options = syncOptionsFromEnv(parseEnv(process.env));
  if (!options) {
    console.log('Review sync skipped: GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_ID are not set. The site keeps its built-in reviews.');
    return 0;
  }
  const { db, close } = createPrismaClient();
  try {
    const result = await syncGoogleReviews(db, options);
    if (result.ok) {
      console.log(`Review sync OK: rating ${result.rating ?? '–'} from ${result.total ?? '–'} reviews; ${result.upserted} review(s) stored.`);
      return 0;
    }
    console.error(`Review sync failed (${result.status}): ${result.error}`);
    return 1;
  } finally {
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
