import 'server-only';
import { db } from '@/lib/db';
import type { JobName } from './index';
import { runJobNow } from './runner';

/**
 * POST /api/cron/<job> on the app's database: one run of the job now (or as of `asOf`, tests only), recorded like every
 * other on /admin/jobs; `trigger` says whether the CLI (scripts/jobs.mjs) or an outside scheduler asked.
 */
export function runJobForCron(job: JobName, opts: { asOf?: Date; trigger: 'cli' | 'http' }) {
  return runJobNow(db, job, opts);
}
