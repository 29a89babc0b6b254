import 'server-only';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import { consumeRateLimit } from '@/lib/rate-limit';
import { newSessionId } from './session';
import { isChatStatus, type ChatErrorBody, type ChatMessageView, type ChatStatus, type ConversationView } from './types';

/** Messages a visitor's widget loads at most (50 questions and their answers, plus staff replies). */
const MAX_MESSAGES_LOADED = 200;

type MessageRow = { id: string; senderType: 'user' | 'ai' | 'staff'; text: string; createdAt: Date };

export function messageView(m: MessageRow): ChatMessageView {
  return { id: m.id, sender: m.senderType, text: m.text, createdAt: m.createdAt.toISOString() };
}

export function statusOf(value: string): ChatStatus {
  return isChatStatus(value) ? value : 'active';
}

export type OpenResult =
  | { ok: true; created: boolean; sessionId: string; conversation: ConversationView }
  | { ok: false; status: 429; body: ChatErrorBody };

/**
 * Opening the assistant: the visitor's current conversation when their session has one that is not closed (a reload
 * keeps the conversation), otherwise a new one (session id, platform website, status active, the signed-in user's id
 * or null) with the greeting in the page's language. New conversations are rate-limited per address; resuming is not.
 */
export async function openConversation(
  db: Db,
  input: { sessionId: string | null; locale: Locale; userId: string | null; address: string },
): Promise<OpenResult> {
  if (input.sessionId) {
    const existing = await db.chatConversation.findFirst({
      where: { sessionId: input.sessionId, status: { not: 'closed' } },
      orderBy: { createdAt: 'desc' },
    });
    if (existing) {
      return { ok: true, created: false, sessionId: input.sessionId, conversation: await conversationView(db, existing) };
    }
  }

  const limited = await consumeRateLimit(db, 'chatStart', input.address);
  if (!limited.ok) {
    const t = translator(input.locale, 'chat');
    return {
      ok: false,
      status: 429,
      body: {
        error: 'rate_limited',
        message: t('errors.startLimited', { minutes: Math.ceil(limited.retryAfterSeconds / 60) }),
        retryAfterSeconds: limited.retryAfterSeconds,
      },
    };
  }

  const sessionId = input.sessionId ?? newSessionId();
  const greeting = translator(input.locale, 'chat')('greeting');
  const conversation = await db.$transaction(async (tx) => {
    const created = await tx.chatConversation.create({
      data: { sessionId, platform: 'website', status: 'active', userId: input.userId, locale: input.locale },
    });
    await tx.chatMessage.create({ data: { conversationId: created.id, senderType: 'ai', text: greeting } });
    return created;
  });
  return { ok: true, created: true, sessionId, conversation: await conversationView(db, conversation) };
}

async function conversationView(db: Db, c: { id: string; status: string }): Promise<ConversationView> {
  const rows = await db.chatMessage.findMany({
    where: { conversationId: c.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: MAX_MESSAGES_LOADED,
  });
  return { id: c.id, status: statusOf(c.status), messages: rows.reverse().map(messageView) };
}

/** The conversation when it belongs to this session, else null (someone else's id reads as not found). */
export async function findOwnedConversation(db: Db, conversationId: string, sessionId: string | null) {
  if (!sessionId) return null;
  return db.chatConversation.findFirst({ where: { id: conversationId, sessionId } });
}

/**
 * What the open widget polls for: the status and the messages after `afterId` (all when absent or unknown), so a
 * staff reply appears in the visitor's window within one poll.
 */
export async function pollConversation(
  db: Db,
  input: { conversationId: string; sessionId: string | null; afterId: string | null },
): Promise<{ status: ChatStatus; messages: ChatMessageView[] } | null> {
  const conversation = await findOwnedConversation(db, input.conversationId, input.sessionId);
  if (!conversation) return null;
  const after = input.afterId
    ? await db.chatMessage.findFirst({ where: { id: input.afterId, conversationId: conversation.id }, select: { createdAt: true } })
    : null;
  const rows = await db.chatMessage.findMany({
    // gte and not the cursor itself: two messages can share a millisecond.
    where: { conversationId: conversation.id, ...(after ? { createdAt: { gte: after.createdAt }, id: { not: input.afterId! } } : {}) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: MAX_MESSAGES_LOADED,
  });
  return { status: statusOf(conversation.status), messages: rows.map(messageView) };
}
