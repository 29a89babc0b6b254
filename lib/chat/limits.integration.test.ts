import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { CHAT_LIMITS } from './limits';
import { acceptVisitorMessage } from './reply';
import { openChat, rawSend, refused, sendChat, streamed, visitor } from '@/test/chat';

// What one anonymous visitor can send: each limit holds and says so in the visitor's language, and a refused message
// is not stored (the widget keeps the typed text).

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDb());
  setEnvForTests({ OPENAI_API_KEY: undefined });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
});

const userMessages = (conversationId: string) => db.chatMessage.count({ where: { conversationId, senderType: 'user' } });

describe('message length', () => {
  it(`accepts ${CHAT_LIMITS.messageLength} characters and refuses one more, in the page language`, async () => {
    const v = visitor('100.64.0.1');
    const { body } = await openChat(db, v, 'th');
    const tooLong = refused(await sendChat(db, v, body.conversation.id, 'ก'.repeat(CHAT_LIMITS.messageLength + 1), 'th'));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ error: 'too_long', message: `ข้อความยาวเกินไป: ไม่เกิน ${CHAT_LIMITS.messageLength} ตัวอักษร` });
    expect(await userMessages(body.conversation.id)).toBe(0);
    streamed(await sendChat(db, v, body.conversation.id, `  ${'a'.repeat(CHAT_LIMITS.messageLength)}  `, 'th'));
    expect(await userMessages(body.conversation.id)).toBe(1);
  });

  it('refuses an empty or whitespace-only message without storing it', async () => {
    const v = visitor('100.64.0.2');
    const { body } = await openChat(db, v);
    for (const blank of ['', '   ', '\n\t ']) {
      expect(refused(await sendChat(db, v, body.conversation.id, blank)).body).toEqual({ error: 'empty', message: 'Please type a message.' });
    }
    expect(await userMessages(body.conversation.id)).toBe(0);
  });
});

describe('messages per visitor per minute', () => {
  it(`allows ${RATE_LIMITS.chatMessage.points} a minute from one address, across conversations, then asks to wait`, async () => {
    const address = '100.64.0.3';
    const a = visitor(address);
    const b = visitor(address);
    const ca = (await openChat(db, a)).body.conversation.id;
    const cb = (await openChat(db, b)).body.conversation.id;
    for (let i = 0; i < RATE_LIMITS.chatMessage.points; i++) streamed(await sendChat(db, i % 2 ? a : b, i % 2 ? ca : cb, `Question ${i}`));
    const limited = refused(await sendChat(db, a, ca, 'One more?', 'ru'));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Вы отправляете сообщения слишком часто\. Подождите \d+ секунд[уы]?\.$/);
    expect(limited.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.body.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another visitor is not affected.
    const other = visitor('100.64.0.4');
    streamed(await sendChat(db, other, (await openChat(db, other)).body.conversation.id, 'Hello'));
  });
});

describe('messages per conversation', () => {
  it(`stops at ${CHAT_LIMITS.userMessagesPerConversation} visitor messages with a message pointing to the team`, async () => {
    const v = visitor('100.64.0.5');
    const { body } = await openChat(db, v);
    await db.chatMessage.createMany({
      data: Array.from({ length: CHAT_LIMITS.userMessagesPerConversation - 1 }, (_, i) => ({ conversationId: body.conversation.id, senderType: 'user' as const, text: `q${i}` })),
    });
    streamed(await sendChat(db, v, body.conversation.id, 'The last one'));
    const full = refused(await sendChat(db, v, body.conversation.id, 'And another'));
    expect(full.status).toBe(409);
    expect(full.body).toEqual({
      error: 'conversation_full',
      message: `This chat has reached its limit of ${CHAT_LIMITS.userMessagesPerConversation} messages. Please continue with our team on WhatsApp, LINE or Messenger, or start a new chat.`,
    });
    expect(await userMessages(body.conversation.id)).toBe(CHAT_LIMITS.userMessagesPerConversation);
  });
});

describe('one reply at a time', () => {
  it('refuses a message while the previous reply is being written; a lock left by a crashed request expires', async () => {
    const v = visitor('100.64.0.6');
    const { body } = await openChat(db, v);
    const now = new Date();
    await db.chatConversation.update({ where: { id: body.conversation.id }, data: { replyPendingSince: now } });
    const pending = refused(await sendChat(db, v, body.conversation.id, 'Hello?', 'en', now));
    expect(pending.body).toEqual({ error: 'reply_pending', message: 'Please wait for the reply to your previous message.' });
    expect(await userMessages(body.conversation.id)).toBe(0);

    const later = new Date(now.getTime() + CHAT_LIMITS.replyPendingStaleMs + 1000);
    streamed(await sendChat(db, v, body.conversation.id, 'Hello?', 'en', later));
    expect((await db.chatConversation.findUniqueOrThrow({ where: { id: body.conversation.id } })).replyPendingSince).toBeNull();
  });

  it('accepting a message takes the lock; the answer releases it', async () => {
    const v = visitor('100.64.0.7');
    const { body } = await openChat(db, v);
    const accepted = await acceptVisitorMessage(db, { conversationId: body.conversation.id, sessionId: v.cookie!.split('=')[1], text: 'Hi', locale: 'en', address: v.address });
    expect(accepted.ok).toBe(true);
    expect((await db.chatConversation.findUniqueOrThrow({ where: { id: body.conversation.id } })).replyPendingSince).not.toBeNull();
  });
});

describe('request bodies', () => {
  it('refuses bodies over 16 kB and anything that is not JSON', async () => {
    const v = visitor('100.64.0.8');
    const { body } = await openChat(db, v);
    const big = await rawSend(db, v, JSON.stringify({ conversationId: body.conversation.id, message: 'x'.repeat(CHAT_LIMITS.bodyBytes), language: 'en' }));
    expect(big).toEqual({ status: 413, body: { error: 'too_large', message: 'The request was too large.' } });
    expect((await rawSend(db, v, 'message=hi', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await rawSend(db, v, '{not json')).status).toBe(400);
    expect((await rawSend(db, v, JSON.stringify({ message: 'hi' }))).status).toBe(400);
    expect(await userMessages(body.conversation.id)).toBe(0);
  });
});
