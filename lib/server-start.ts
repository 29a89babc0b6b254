import 'server-only';
import { env } from '@/lib/env';
import { log } from '@/lib/log';

/**
 * What every server starts beside answering requests (instrumentation.ts): the job scheduler (docs/product-rules.md#jobs)
 * and the feed of other servers' public-data changes (docs/product-rules.md#caching). Neither may stop the server from
 * starting: a database that is away now is retried by their own timers.
 */
export async function startBackgroundWork(): Promise<void> {
  const [{ db }, { startPublicDataFeed }, { refreshLocalCaches }] = await Promise.all([
    import('@/lib/db'),
    import('@/lib/platform/cache/change-feed'),
    import('@/lib/platform/cache/revalidate'),
  ]);
  startPublicDataFeed(refreshLocalCaches).catch((err: unknown) => log.error({ err }, 'cache: change feed did not start'));
  if (env().JOBS_SCHEDULER === 'on') {
    const { startScheduler } = await import('@/lib/jobs/scheduler');
    startScheduler(() => db);
  }
}
