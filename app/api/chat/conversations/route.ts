import type { NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { getStaffUser } from '@/lib/auth/staff';
import { clientAddress } from '@/lib/rate-limit';
import { handleOpenConversation } from '@/lib/chat/http';

export const dynamic = 'force-dynamic';

/** Opens the visitor's assistant conversation (or resumes it): see lib/chat/http.ts. */
export async function POST(request: NextRequest) {
  return handleOpenConversation(request, {
    db,
    address: clientAddress(request.headers),
    // Only staff accounts exist today; a signed-in one is recorded like any signed-in user.
    userId: async () => (await getStaffUser())?.id ?? null,
  });
}
