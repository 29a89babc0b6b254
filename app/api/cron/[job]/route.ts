import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { cronAuthorized, isJobName, JOB_NAMES } from '@/lib/jobs';
import { runJobForCron } from '@/lib/jobs/cron';

export const dynamic = 'force-dynamic';

/**
 * Scheduled jobs (lib/jobs) for platforms that prefer their own scheduler, and for `node scripts/jobs.mjs`:
 * POST (or GET, as some cron services send) /api/cron/<job> with `Authorization: Bearer CRON_SECRET`. The run is
 * recorded like every other (/admin/jobs). BILLING_CLOCK_OVERRIDE=1 (tests only) lets `?now=<ISO time>` run a job as of
 * another moment, so end-to-end tests can bill next month; staff catch up a missed day from /admin/jobs instead.
 */
async function handle(request: NextRequest, ctx: { params: Promise<{ job: string }> }) {
  const { job } = await ctx.params;
  if (!cronAuthorized(request.headers.get('authorization'))) return NextResponse.json({ error: 'unauthorized' }, { status: 401 });
  if (!isJobName(job)) return NextResponse.json({ error: 'unknown_job', jobs: JOB_NAMES }, { status: 404 });
  const asOf = request.nextUrl.searchParams.get('now');
  let now: Date | undefined;
  if (asOf) {
    if (!env().BILLING_CLOCK_OVERRIDE) return NextResponse.json({ error: 'clock_override_disabled' }, { status: 400 });
    now = new Date(asOf);
    if (Number.isNaN(now.getTime())) return NextResponse.json({ error: 'invalid_now' }, { status: 400 });
  }
  const trigger = request.headers.get('x-job-trigger') === 'cli' ? 'cli' : 'http';
  const outcome = await runJobForCron(job, { asOf: now, trigger });
  if (!outcome.ran) return NextResponse.json({ job, error: 'taken' }, { status: 409 });
  if (outcome.status === 'failed') return NextResponse.json({ job, runId: outcome.runId, error: outcome.error, ms: outcome.durationMs }, { status: 500 });
  return NextResponse.json({ job, runId: outcome.runId, ...(now ? { now: now.toISOString() } : {}), ...outcome.result, ms: outcome.durationMs });
}

export const POST = handle;
export const GET = handle;
