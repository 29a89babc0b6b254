import 'server-only';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { resolveDbTarget } from '@/lib/db/target';
import { PUBLIC_DATA_KINDS, type PublicData } from './public-data';

/**
 * How one server tells the others that public data changed (docs/product-rules.md#caching): through Redis pub/sub when
 * REDIS_URL is set, else through the database (a row in public_data_changes that every server polls for every
 * PUBLIC_DATA_POLL_MS). The embedded database has one server by nature (only it can open the data), so there is
 * nothing to tell. Publishing never throws: a lost message costs at most the caches' own time bounds.
 */
const CHANNEL = 'pss:public-data';
const FEED = Symbol.for('pss.publicDataFeed');

function shared(): 'redis' | 'database' | null {
  if (env().REDIS_URL) return 'redis';
  return resolveDbTarget().kind === 'postgres' ? 'database' : null;
}

export function publishPublicDataChange(kinds: readonly PublicData[]): void {
  const via = shared();
  if (!via) return;
  const task = async () => {
    if (via === 'redis') {
      const { redisClient, whenRedisReady } = await import('@/lib/platform/redis');
      const redis = redisClient()!;
      // Not lost while the connection is still being made (a server's first change): the other servers would keep
      // the old page until its time bound.
      await whenRedisReady(redis);
      await redis.publish(CHANNEL, JSON.stringify(kinds));
    } else {
      const { db } = await import('@/lib/db');
      await db.publicDataChange.create({ data: { kinds: [...kinds] } });
    }
  };
  task().catch((err: unknown) => log.error({ err, via }, 'cache: could not tell the other servers about a change'));
}

function parseKinds(value: unknown): PublicData[] {
  const list = Array.isArray(value) ? value : [];
  const kinds = list.filter((k): k is PublicData => PUBLIC_DATA_KINDS.includes(k as PublicData));
  return kinds.length ? kinds : [...PUBLIC_DATA_KINDS];
}

/** How to stop this process's feed: its poll timer, or its subscribed Redis connection. */
type Feed = { stop: () => void };

/** Starts listening for other servers' changes; `onChange` refreshes this server's caches. Once per process. */
export async function startPublicDataFeed(onChange: (kinds: PublicData[]) => void): Promise<void> {
  const g = globalThis as Record<symbol, Feed | undefined>;
  if (g[FEED]) return;
  const via = shared();
  if (!via) return;
  const feed: Feed = { stop: () => {} };
  g[FEED] = feed;
  if (via === 'redis') {
    const { redisClient } = await import('@/lib/platform/redis');
    // A subscribed connection can do nothing else: a connection of its own, which reconnects by itself.
    const sub = redisClient()!.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    sub.on('message', (_channel: string, message: string) => {
      try {
        onChange(parseKinds(JSON.parse(message)));
      } catch {
        onChange([...PUBLIC_DATA_KINDS]);
      }
    });
    sub.on('error', (err: unknown) => log.warn({ err }, 'cache: change feed (Redis) error'));
    feed.stop = () => sub.disconnect();
    await sub.subscribe(CHANNEL);
    return;
  }
  const { db } = await import('@/lib/db');
  const pollMs = env().PUBLIC_DATA_POLL_MS;
  let last = -1;
  let polls = 0;
  let busy = false;
  // One line when the database goes away and one when it is back, not one a second.
  let failing = false;
  const poll = async () => {
    if (busy) return;
    busy = true;
    try {
      if (last < 0) {
        last = (await db.publicDataChange.aggregate({ _max: { id: true } }))._max.id ?? 0;
        return;
      }
      const rows = await db.publicDataChange.findMany({ where: { id: { gt: last } }, orderBy: { id: 'asc' }, take: 500 });
      if (rows.length) {
        last = rows.at(-1)!.id;
        onChange(parseKinds(rows.flatMap((r) => r.kinds)));
      }
      // The feed only needs the last few seconds; once in a while, forget what is older than an hour.
      if (++polls % 600 === 0) await db.publicDataChange.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 3_600_000) } } });
      if (failing) log.info('cache: change feed reads the database again');
      failing = false;
    } catch (err) {
      if (!failing) log.warn({ err }, 'cache: change feed cannot read the database; caches fall back to their time bounds');
      failing = true;
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void poll(), pollMs).unref();
  feed.stop = () => clearInterval(timer);
  await poll();
}

/**
 * Stops this process's feed, so that a later start begins a new one: for the integration tests, whose files share a
 * process (vitest.config.ts). A server's feed runs as long as the server.
 */
export function stopPublicDataFeed(): void {
  const g = globalThis as Record<symbol, Feed | undefined>;
  g[FEED]?.stop();
  g[FEED] = undefined;
}
