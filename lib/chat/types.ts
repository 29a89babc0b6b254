/** What the chat routes send to the widget (plain JSON, safe for the browser). */
export type ChatSenderView = 'user' | 'ai' | 'staff';

export interface ChatMessageView {
  id: string;
  sender: ChatSenderView;
  text: string;
  createdAt: string;
}

/** active: the assistant answers; taken_over: a staff member answers; closed: ended by staff. */
export type ChatStatus = 'active' | 'taken_over' | 'closed';

export interface ConversationView {
  id: string;
  status: ChatStatus;
  messages: ChatMessageView[];
}

/** Refusals of the chat routes: a code for the widget and a message in the visitor's language. */
export interface ChatErrorBody {
  error: string;
  message: string;
  retryAfterSeconds?: number;
}

/**
 * One line of the reply stream (application/x-ndjson) of POST /api/chat/messages:
 *   accepted  the visitor's message as stored
 *   delta     the next piece of the assistant's answer
 *   done      the assistant's answer as stored
 *   handoff   a staff member has the conversation: no assistant answer; the reply arrives by polling
 *   error     the answer failed (the apology pointing to the human channels); the visitor's message is kept
 */
export type ChatStreamEvent =
  | { type: 'accepted'; message: ChatMessageView }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: ChatMessageView }
  | { type: 'handoff' }
  | { type: 'error'; message: string };

export function isChatStatus(value: string): value is ChatStatus {
  return value === 'active' || value === 'taken_over' || value === 'closed';
}
