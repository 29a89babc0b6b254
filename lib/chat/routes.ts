import 'server-only';
import { db } from '@/lib/db';
import { clientAddress } from '@/lib/rate-limit';
import { handleOpenConversation, handlePollMessages, handleSendMessage } from './http';

/**
 * The chat's route files (app/api/chat) call these: the handlers of ./http.ts with the app's database and the
 * visitor's network address (integration tests call the handlers with a database of their own).
 */

/** POST /api/chat/conversations; `userId`: the signed-in user's id, when someone is signed in. */
export function openConversationRoute(request: Request, userId: () => Promise<string | null>): Promise<Response> {
  return handleOpenConversation(request, { db, address: clientAddress(request.headers), userId });
}

/** POST /api/chat/messages: the answer streams back as NDJSON. */
export function sendMessageRoute(request: Request): Promise<Response> {
  return handleSendMessage(request, { db, address: clientAddress(request.headers) });
}

/** GET /api/chat/conversations/{id}/messages: staff replies for the visitor holding the conversation's session. */
export function pollMessagesRoute(request: Request, conversationId: string): Promise<Response> {
  return handlePollMessages(request, conversationId, { db, address: clientAddress(request.headers) });
}
