import 'server-only';
import { Redis } from 'ioredis';
import { env } from '@/lib/env';

let client: Redis | null | undefined;

/** The shared Redis connection when REDIS_URL is set, else null (the database holds shared state then). */
export function redisClient(): Redis | null {
  if (client !== undefined) return client;
  const url = env().REDIS_URL;
  // enableOfflineQueue false: a Redis outage fails fast into the rate limiter's in-memory insurance.
  client = url ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  return client;
}
