import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { waitingListFromBody } from '@/lib/waiting-list/api';

export const dynamic = 'force-dynamic';

export async function POST(request: NextRequest) {
  // JSON only: a cross-site HTML form cannot send it without the browser asking first.
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) {
    return NextResponse.json(
      { success: false, error: 'invalid_request', title: 'Error', message: 'Send the request body as application/json.' },
      { status: 415 },
    );
  }
  const body: unknown = await request.json().catch(() => null);
  const result = await waitingListFromBody(db, body);
  return NextResponse.json(result.body, { status: result.status, headers: { 'Cache-Control': 'no-store' } });
}
