import type { NextRequest } from 'next/server';
import { sendMessageRoute } from '@/lib/chat/routes';

export const dynamic = 'force-dynamic';

/** A visitor's message; the answer streams back as NDJSON events (lib/chat/types.ts, ChatStreamEvent). */
export async function POST(request: NextRequest) {
  return sendMessageRoute(request);
}
