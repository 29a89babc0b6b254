// Test helpers for the chat: drive the HTTP handlers exactly as the widget does. Not imported by app code.
import type { Db } from '@/lib/db';
import { handleOpenConversation, handlePollMessages, handleSendMessage } from '@/lib/chat/http';
import type { ChatStreamEvent, ConversationView } from '@/lib/chat/types';

export interface Visitor {
  address: string;
  cookie: string | null;
}

/** A browser without a chat cookie yet, at `address` (each test picks its own, so rate limits do not mix). */
export function visitor(address: string): Visitor {
  return { address, cookie: null };
}

function request(path: string, init: { method: string; body?: unknown; cookie: string | null; rawBody?: string; contentType?: string }): Request {
  const headers: Record<string, string> = { 'content-type': init.contentType ?? 'application/json' };
  if (init.cookie) headers.cookie = init.cookie;
  return new Request(`http://localhost${path}`, {
    method: init.method,
    headers,
    body: init.method === 'GET' ? undefined : (init.rawBody ?? JSON.stringify(init.body ?? {})),
  });
}

/** Opens (or resumes) the visitor's conversation; keeps the session cookie like a browser. */
export async function openChat(db: Db, v: Visitor, language = 'en', userId: string | null = null) {
  const res = await handleOpenConversation(request('/api/chat/conversations', { method: 'POST', body: { language }, cookie: v.cookie }), {
    db,
    address: v.address,
    userId: async () => userId,
  });
  const setCookie = res.headers.get('set-cookie');
  if (setCookie) v.cookie = setCookie.split(';')[0];
  const body = (await res.json()) as { conversation: ConversationView } & { error?: string; message?: string };
  return { status: res.status, body, setCookie };
}

export type StreamOutcome = { status: 200; events: ChatStreamEvent[]; text: string; contentType: string | null };
export type RefusedOutcome = { status: number; body: { error: string; message: string; retryAfterSeconds?: number } };
export type SendOutcome = StreamOutcome | RefusedOutcome;

/** The reply stream of an accepted message (fails the test with the refusal otherwise). */
export function streamed(outcome: SendOutcome): StreamOutcome {
  if (!('events' in outcome)) throw new Error(`expected a reply stream, got ${outcome.status}: ${JSON.stringify(outcome.body)}`);
  return outcome;
}

/** The refusal of a message that was not accepted. */
export function refused(outcome: SendOutcome): RefusedOutcome {
  if ('events' in outcome) throw new Error(`expected a refusal, got a reply: ${outcome.text}`);
  return outcome;
}

/** Sends a message and reads the whole NDJSON reply stream. `text` is what the visitor saw of the answer. */
export async function sendChat(db: Db, v: Visitor, conversationId: string, message: string, language = 'en', now?: Date): Promise<SendOutcome> {
  const res = await handleSendMessage(request('/api/chat/messages', { method: 'POST', body: { conversationId, message, language }, cookie: v.cookie }), {
    db,
    address: v.address,
    now,
  });
  if (res.status !== 200) return { status: res.status, body: await res.json() };
  const events = (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ChatStreamEvent);
  const text = events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
  return { status: 200, events, text, contentType: res.headers.get('content-type') };
}

export async function pollChat(db: Db, v: Visitor, conversationId: string, after?: string) {
  const res = await handlePollMessages(
    request(`/api/chat/conversations/${conversationId}/messages${after ? `?after=${after}` : ''}`, { method: 'GET', cookie: v.cookie }),
    conversationId,
    { db, address: v.address },
  );
  return { status: res.status, body: await res.json() };
}

export async function rawSend(db: Db, v: Visitor, rawBody: string, contentType = 'application/json') {
  const res = await handleSendMessage(request('/api/chat/messages', { method: 'POST', rawBody, cookie: v.cookie, contentType }), { db, address: v.address });
  return { status: res.status, body: await res.json() };
}
