import type { NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { clientAddress } from '@/lib/rate-limit';
import { handleSendMessage } from '@/lib/chat/http';

export const dynamic = 'force-dynamic';

/** A visitor's message; the answer streams back as NDJSON events (lib/chat/types.ts, ChatStreamEvent). */
export async function POST(request: NextRequest) {
  return handleSendMessage(request, { db, address: clientAddress(request.headers) });
}
