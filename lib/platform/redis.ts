import 'server-only';
import { Redis } from 'ioredis';
import { env } from '@/lib/env';

let client: { url: string | undefined; redis: Redis | null } | undefined;

/**
 * The shared Redis connection when REDIS_URL is set, else null (the database holds shared state then). Kept per URL:
 * a server's URL never changes, but the integration tests that share one process set and unset it file by file.
 */
export function redisClient(): Redis | null {
  const url = env().REDIS_URL;
  if (client && client.url === url) return client.redis;
  // enableOfflineQueue false: a Redis outage fails fast into the rate limiter's in-memory insurance.
  client = { url, redis: url ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : null };
  return client.redis;
}

/**
 * Resolves once `redis` is connected, or after `ms` (its commands then fail fast, as they do during an outage). The
 * shared client drops a command sent while it still connects (enableOfflineQueue false, above); what must not be lost
 * to a server's first moments, such as a change the other servers must hear (lib/platform/cache/change-feed.ts), waits.
 */
export async function whenRedisReady(redis: Redis, ms = 2_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    redis.once('ready', done);
  });
}
