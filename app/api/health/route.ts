import { NextResponse } from 'next/server';
import { db } from '@/lib/db';
import { resolveDbTarget } from '@/lib/db/target';

export const dynamic = 'force-dynamic';

export async function GET() {
  const started = performance.now();
  const kind = resolveDbTarget().kind;
  try {
    await db.$queryRaw`SELECT 1`;
    const ms = Math.round(performance.now() - started);
    return NextResponse.json({ status: 'ok', database: { status: 'up', kind, latencyMs: ms } });
  } catch (error) {
    console.error('health: database check failed', error);
    return NextResponse.json({ status: 'error', database: { status: 'down', kind } }, { status: 503 });
  }
}
