import { NextResponse } from 'next/server';
import { databaseLatencyMs } from '@/lib/platform/health';
import { log } from '@/lib/log';

export const dynamic = 'force-dynamic';

export async function GET() {
  try {
    const ms = await databaseLatencyMs();
    // What a load balancer needs: up or down, and how fast. Which database runs behind it is nobody's business.
    return NextResponse.json({ status: 'ok', database: { status: 'up', latencyMs: ms } }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    log.error({ err: error }, 'health: database check failed');
    return NextResponse.json({ status: 'error', database: { status: 'down' } }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
