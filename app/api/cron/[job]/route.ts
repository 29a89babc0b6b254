import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { cronAuthorized, isJobName, JOBS } from '@/lib/jobs';

export const dynamic = 'force-dynamic';

/**
 * Scheduled jobs (lib/jobs): POST /api/cron/<job> with `Authorization: Bearer CRON_SECRET`. BILLING_CLOCK_OVERRIDE=1
 * (tests only) lets `?now=<ISO time>` run a job as of another moment, so end-to-end tests can bill next month.
 */
export async function POST(request: NextRequest, ctx: { params: Promise<{ job: string }> }) {
  const { job } = await ctx.params;
  if (!cronAuthorized(request.headers.get('authorization'))) return NextResponse.json({ error: 'unauthorized' }, { status: 401 });
  if (!isJobName(job)) return NextResponse.json({ error: 'unknown_job', jobs: Object.keys(JOBS) }, { status: 404 });
  const asOf = request.nextUrl.searchParams.get('now');
  let now: Date | undefined;
  if (asOf) {
    if (!env().BILLING_CLOCK_OVERRIDE) return NextResponse.json({ error: 'clock_override_disabled' }, { status: 400 });
    now = new Date(asOf);
    if (Number.isNaN(now.getTime())) return NextResponse.json({ error: 'invalid_now' }, { status: 400 });
  }
  const started = Date.now();
  const result = await JOBS[job](db, now);
  return NextResponse.json({ job, ...(now ? { now: now.toISOString() } : {}), ...result, ms: Date.now() - started });
}
