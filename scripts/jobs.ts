/**
 * Runs a scheduled job once against the configured database: `npx tsx scripts/jobs.ts <job>` (`npm run billing:run`
 * is `billing`). The same functions as POST /api/cron/<job> (lib/jobs).
 */
import './server-only-shim.mjs';

// Imported after the shim is registered (static imports would be resolved before it).
const { isJobName, JOBS } = await import('@/lib/jobs');
const [job] = process.argv.slice(2);
if (!job || !isJobName(job)) {
  console.error(`Usage: npx tsx scripts/jobs.ts <${Object.keys(JOBS).join('|')}>`);
  process.exit(2);
}
const { createPrismaClient } = await import('@/lib/db/client');
const { db, close } = createPrismaClient();
try {
  console.log(JSON.stringify({ job, ...(await JOBS[job](db)) }));
} finally {
  await close();
}
