import type { NextRequest } from 'next/server';
import { getStaffUser } from '@/lib/auth/staff';
import { openConversationRoute } from '@/lib/chat/routes';

export const dynamic = 'force-dynamic';

/** Opens the visitor's assistant conversation (or resumes it): see lib/chat/http.ts. */
export async function POST(request: NextRequest) {
  // Only staff accounts exist today; a signed-in one is recorded like any signed-in user.
  return openConversationRoute(request, async () => (await getStaffUser())?.id ?? null);
}
