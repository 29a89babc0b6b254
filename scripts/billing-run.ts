/**
 * The billing job once against the configured database: `npm run billing:run` (the same as POST /api/cron/billing).
 * Safe to run twice a day and from two servers at once.
 */
import './server-only-shim.mjs';

// Imported after the shim is registered (static imports would be resolved before it).
const { runBilling } = await import('@/lib/billing/run');
const { createPrismaClient } = await import('@/lib/db/client');
const { db, close } = createPrismaClient();
try {
  console.log(JSON.stringify({ job: 'billing', ...(await runBilling(db)) }));
} finally {
  await close();
}
