import 'server-only';
import { alertChatWaiting } from '@/lib/staff-alerts';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import { consumeRateLimit } from '@/lib/rate-limit';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { log } from '@/lib/log';
import { CHAT_LIMITS } from './limits';
import { findOwnedConversation, messageView } from './conversations';
import { detectLanguage } from './language';
import { fallbackReply } from './fallback';
import { LeakGuard } from './leak-guard';
import { modelConfigured, streamModelReply } from './model-reply';
import { systemPrompt } from './prompt';
import { toolDescriptionsText } from './tools';
import type { ChatErrorBody, ChatMessageView, ChatStreamEvent } from './types';

export type Refusal = { ok: false; status: 400 | 404 | 409 | 429; body: ChatErrorBody };
export type Accepted = {
  ok: true;
  conversation: { id: string; status: string; locale: string };
  message: ChatMessageView;
};

/**
 * A visitor's message, checked in the order a hostile visitor would hit the limits: length (no database work), then
 * messages per visitor per minute (rate limit on the address, shared by every server), ownership of the conversation,
 * whether it is still open, then one reply at a time (a lock row, so two parallel requests cannot both start one) and
 * messages per conversation (counted in the database under that lock). Only then is the message stored.
 */
export async function acceptVisitorMessage(
  db: Db,
  input: { conversationId: string; sessionId: string | null; text: string; locale: Locale; address: string; now?: Date },
): Promise<Refusal | Accepted> {
  const now = input.now ?? new Date();
  const t = translator(input.locale, 'chat');
  const refuse = (status: Refusal['status'], error: string, message: string, extra: Partial<ChatErrorBody> = {}): Refusal => ({
    ok: false,
    status,
    body: { error, message, ...extra },
  });

  const text = input.text.trim();
  if (!text) return refuse(400, 'empty', t('errors.empty'));
  if ([...text].length > CHAT_LIMITS.messageLength) return refuse(400, 'too_long', t('errors.tooLong', { max: CHAT_LIMITS.messageLength }));

  const limited = await consumeRateLimit(db, 'chatMessage', input.address);
  if (!limited.ok) {
    return refuse(429, 'rate_limited', t('errors.rateLimited', { seconds: limited.retryAfterSeconds }), { retryAfterSeconds: limited.retryAfterSeconds });
  }

  const conversation = await findOwnedConversation(db, input.conversationId, input.sessionId);
  if (!conversation) return refuse(404, 'not_found', t('errors.notFound'));
  if (conversation.status === 'closed') return refuse(409, 'closed', t('errors.closed'));

  const locked = await db.chatConversation.updateMany({
    where: {
      id: conversation.id,
      status: { not: 'closed' },
      OR: [{ replyPendingSince: null }, { replyPendingSince: { lt: new Date(now.getTime() - CHAT_LIMITS.replyPendingStaleMs) } }],
    },
    data: { replyPendingSince: now },
  });
  if (locked.count === 0) return refuse(409, 'reply_pending', t('errors.pending'));

  try {
    const sent = await db.chatMessage.count({ where: { conversationId: conversation.id, senderType: 'user' } });
    if (sent >= CHAT_LIMITS.userMessagesPerConversation) {
      await releaseLock(db, conversation.id);
      return refuse(409, 'conversation_full', t('errors.conversationFull', { max: CHAT_LIMITS.userMessagesPerConversation }));
    }
    const stored = await db.$transaction(async (tx) => {
      const message = await tx.chatMessage.create({ data: { conversationId: conversation.id, senderType: 'user', text } });
      const updated = await tx.chatConversation.update({
        where: { id: conversation.id },
        data: { lastMessageAt: message.createdAt, locale: input.locale },
        select: { id: true, status: true, locale: true },
      });
      return { message, conversation: updated };
    });
    return { ok: true, conversation: stored.conversation, message: messageView(stored.message) };
  } catch (error) {
    await releaseLock(db, conversation.id);
    throw error;
  }
}

async function releaseLock(db: Db, conversationId: string): Promise<void> {
  await db.chatConversation.update({ where: { id: conversationId }, data: { replyPendingSince: null } });
}

/**
 * The answer to an accepted message, as stream events. A conversation a staff member has taken over gets no
 * assistant answer (the staff reply arrives through polling). Otherwise the model answers through its tools, or,
 * without an API key, the simple matcher does. On failure the visitor gets the apology pointing to the human
 * channels and keeps their message. The lock is released whatever happens.
 */
export async function replyToVisitor(
  db: Db,
  accepted: Accepted,
  emit: (event: ChatStreamEvent) => void,
  opts: { now?: Date; pageLocale: Locale; address?: string },
): Promise<void> {
  const now = opts.now ?? new Date();
  const conversationId = accepted.conversation.id;
  const replyLocale = detectLanguage(accepted.message.text, opts.pageLocale);
  try {
    if (accepted.conversation.status === 'taken_over') {
      emit({ type: 'handoff' });
      await alertChatWaiting(db, conversationId);
      return;
    }
    const text = modelConfigured()
      ? await modelAnswer(db, conversationId, { pageLocale: opts.pageLocale, replyLocale, now, address: opts.address }, emit)
      : await fallbackAnswer(db, accepted.message.text, replyLocale, now, emit);
    if (!text.trim()) throw new Error('empty answer');
    const message = await db.$transaction(async (tx) => {
      const created = await tx.chatMessage.create({ data: { conversationId, senderType: 'ai', text } });
      await tx.chatConversation.update({ where: { id: conversationId }, data: { lastMessageAt: created.createdAt } });
      return created;
    });
    emit({ type: 'done', message: messageView(message) });
  } catch (error) {
    log.error({ err: error, conversationId }, 'chat: reply failed');
    emit({ type: 'error', message: translator(replyLocale, 'chat')('errors.reply') });
  } finally {
    await releaseLock(db, conversationId).catch((error: unknown) => log.error({ err: error, conversationId }, 'chat: releasing the reply lock failed'));
  }
}

async function fallbackAnswer(db: Db, question: string, locale: Locale, now: Date, emit: (e: ChatStreamEvent) => void): Promise<string> {
  const text = await fallbackReply(db, question, locale, now);
  emit({ type: 'delta', text });
  return text;
}

async function modelAnswer(
  db: Db,
  conversationId: string,
  ctx: { pageLocale: Locale; replyLocale: Locale; now: Date; address?: string },
  emit: (e: ChatStreamEvent) => void,
): Promise<string> {
  const history = await db.chatMessage.findMany({
    where: { conversationId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: CHAT_LIMITS.historyForModel,
  });
  const instructions = systemPrompt({ pageLocale: ctx.pageLocale, replyLocale: ctx.replyLocale, today: todayInBangkok(ctx.now) });
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: instructions },
    ...history.reverse().map((m): ChatCompletionMessageParam =>
      m.senderType === 'user' ? { role: 'user', content: m.text } : { role: 'assistant', content: m.text },
    ),
  ];

  const guard = new LeakGuard([instructions, toolDescriptionsText()]);
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(new Error('chat: answer took too long')), 60_000);
  try {
    for await (const piece of streamModelReply(messages, { db, locale: ctx.replyLocale, now: ctx.now, address: ctx.address }, controller.signal)) {
      const safe = guard.push(piece);
      if (safe) emit({ type: 'delta', text: safe });
      if (guard.leaked) {
        controller.abort();
        log.warn({ conversationId }, 'chat: the answer repeated the instructions; cut and replaced');
        const refusal = translator(ctx.replyLocale, 'chat')('refusal');
        const sent = guard.sent();
        const tail = `${sent && !/\s$/.test(sent) ? '\n\n' : ''}${refusal}`;
        emit({ type: 'delta', text: tail });
        return sent + tail;
      }
    }
    const rest = guard.end();
    if (rest) emit({ type: 'delta', text: rest });
    return guard.sent();
  } finally {
    clearTimeout(timeout);
  }
}
