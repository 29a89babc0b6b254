import type { NextRequest } from 'next/server';
import { pollMessagesRoute } from '@/lib/chat/routes';

export const dynamic = 'force-dynamic';

/** The open widget polls here for staff replies (only the visitor holding the conversation's session gets it). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return pollMessagesRoute(request, id);
}
