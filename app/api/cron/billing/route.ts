import crypto from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { runBilling } from '@/lib/billing/run';

export const dynamic = 'force-dynamic';

function authorized(request: NextRequest, secret: string | undefined): boolean {
  if (!secret) return false;
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * POST /api/cron/billing with `Authorization: Bearer <CRON_SECRET>`: the billing job (renewal invoices, card
 * charges, pay links and reminders, expired holds and waiting-list offers, late fees and suspensions). Safe to call
 * twice a day and from several servers. BILLING_CLOCK_OVERRIDE=1 (tests only) lets `?now=<ISO time>` run it as of
 * another moment, so end-to-end tests can bill next month.
 */
export async function POST(request: NextRequest) {
  const config = env();
  if (!authorized(request, config.CRON_SECRET)) return NextResponse.json({ error: 'unauthorized' }, { status: 401 });
  const asOf = request.nextUrl.searchParams.get('now');
  let now = new Date();
  if (asOf) {
    if (!config.BILLING_CLOCK_OVERRIDE) return NextResponse.json({ error: 'clock_override_disabled' }, { status: 400 });
    now = new Date(asOf);
    if (Number.isNaN(now.getTime())) return NextResponse.json({ error: 'invalid_now' }, { status: 400 });
  }
  const started = Date.now();
  const result = await runBilling(db, { now });
  return NextResponse.json({ job: 'billing', now: now.toISOString(), ...result, ms: Date.now() - started });
}
