import type { NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { clientAddress } from '@/lib/rate-limit';
import { handlePollMessages } from '@/lib/chat/http';

export const dynamic = 'force-dynamic';

/** The open widget polls here for staff replies (only the visitor holding the conversation's session gets it). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return handlePollMessages(request, id, { db, address: clientAddress(request.headers) });
}
