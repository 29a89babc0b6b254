import { NextResponse } from 'next/server';
import { db } from '@/lib/db';
import { log } from '@/lib/log';

export const dynamic = 'force-dynamic';

export async function GET() {
  const started = performance.now();
  try {
    await db.$queryRaw`SELECT 1`;
    const ms = Math.round(performance.now() - started);
    // What a load balancer needs: up or down, and how fast. Which database runs behind it is nobody's business.
    return NextResponse.json({ status: 'ok', database: { status: 'up', latencyMs: ms } }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    log.error({ err: error }, 'health: database check failed');
    return NextResponse.json({ status: 'error', database: { status: 'down' } }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
