/**
 * Runs a scheduled job once against the configured database: `npx tsx scripts/jobs.ts <job>`.
 * Jobs: release-holds, retry-emails, draft-reminders (the same as POST /api/cron/<job>).
 */
import './server-only-shim.mjs';

const JOB_NAMES = ['release-holds', 'retry-emails', 'draft-reminders'];
const [job] = process.argv.slice(2);
if (!job || !JOB_NAMES.includes(job)) {
  console.error(`Usage: npx tsx scripts/jobs.ts <${JOB_NAMES.join('|')}>`);
  process.exit(2);
}
// Imported after the shim is registered (static imports would be resolved before it).
const { isJobName, JOBS } = await import('@/lib/booking/jobs');
const { createPrismaClient } = await import('@/lib/db/client');
if (!isJobName(job)) process.exit(2);
const { db, close } = createPrismaClient();
try {
  console.log(JSON.stringify({ job, ...(await JOBS[job](db)) }));
} finally {
  await close();
}
