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
