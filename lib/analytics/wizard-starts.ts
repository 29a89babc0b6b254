import 'server-only';
import type { Db } from '@/lib/db';
import { todayInBangkok } from '@/lib/dates/bangkok';

/**
 * One more booking wizard opened today (Bangkok day): the first step of the dashboard's conversion. A single counter
 * row per day keeps it cheap; a reload counts again (docs/product-rules.md#dashboard-trends-and-rate-suggestions).
 */
export async function recordWizardStart(db: Db, now: Date = new Date()): Promise<void> {
  const day = todayInBangkok(now);
  await db.$executeRaw`INSERT INTO wizard_start_days (day, count) VALUES (${day}::date, 1) ON CONFLICT (day) DO UPDATE SET count = wizard_start_days.count + 1`;
}
