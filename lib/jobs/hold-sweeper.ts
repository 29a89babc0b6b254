import 'server-only';
import { env } from '@/lib/env';
import { log } from '@/lib/log';

/**
 * Every server releases lapsed holds itself, once a minute (HOLD_SWEEP_SECONDS), and deletes unattached uploads older
 * than a day once an hour: an unconfirmed hold lasts 30 minutes,
 * so waiting for the twice-daily billing job would keep units off sale for hours (docs/product-rules.md#holds). The
 * release is the billing job's (row locks, each hold once), so several servers sweeping at once do no harm.
 */
export function startHoldSweeper(): void {
  const seconds = env().HOLD_SWEEP_SECONDS;
  const g = globalThis as { __holdSweeper?: NodeJS.Timeout };
  if (!seconds || g.__holdSweeper) return;
  let running = false;
  let ticks = 0;
  g.__holdSweeper = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const [{ db }, { releaseExpiredHolds }] = await Promise.all([import('@/lib/db'), import('@/lib/billing/holds')]);
      // Once an hour, also the uploads nobody attached (deleted after 24 hours).
      if (ticks++ % Math.max(1, Math.round(3600 / seconds)) === 0) {
        const { purgeUnattachedProofs } = await import('@/lib/payments/proof-store');
        await purgeUnattachedProofs(db);
      }
      const { released } = await releaseExpiredHolds(db, new Date());
      if (released) {
        const { revalidatePublicData } = await import('@/lib/cache/revalidate');
        revalidatePublicData('availability');
        log.info({ released }, 'holds: lapsed holds released');
      }
    } catch (error) {
      log.error({ err: error }, 'holds: sweep failed');
    } finally {
      running = false;
    }
  }, seconds * 1000);
  g.__holdSweeper.unref();
}
