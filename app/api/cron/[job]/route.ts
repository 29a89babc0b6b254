import crypto from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { isJobName, JOBS } from '@/lib/booking/jobs';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

function authorized(request: NextRequest): boolean {
  const secret = env().CRON_SECRET;
  if (!secret) return false;
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Scheduled jobs: POST /api/cron/release-holds | retry-emails | draft-reminders with `Authorization: Bearer CRON_SECRET`. */
export async function POST(request: NextRequest, ctx: { params: Promise<{ job: string }> }) {
  const { job } = await ctx.params;
  if (!authorized(request)) return NextResponse.json({ error: 'unauthorized' }, { status: 401 });
  if (!isJobName(job)) return NextResponse.json({ error: 'unknown_job', jobs: Object.keys(JOBS) }, { status: 404 });
  const started = Date.now();
  const result = await JOBS[job](db);
  return NextResponse.json({ job, ...result, ms: Date.now() - started });
}
