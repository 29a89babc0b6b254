import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { openChat, pollChat, refused, sendChat, streamed, visitor } from '@/test/chat';
import { closeConversation } from './staff';

// Opening the assistant: the conversation row, the greeting, the session cookie, and who may read it.

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

describe('opening the assistant', () => {
  it('creates a conversation (session, platform website, status active, no user) greeted in the page language, and sets the session cookie', async () => {
    const v = visitor('192.0.2.10');
    const { status, body, setCookie } = await openChat(db, v, 'th');
    expect(status).toBe(201);
    expect(setCookie).toMatch(/^pss_chat=[A-Za-z0-9_-]{43}; Path=\/api\/chat; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const row = await db.chatConversation.findUniqueOrThrow({ where: { id: body.conversation.id } });
    expect(row).toMatchObject({ sessionId: v.cookie!.split('=')[1], platform: 'website', status: 'active', userId: null, locale: 'th' });
    expect(body.conversation.status).toBe('active');
    expect(body.conversation.messages).toHaveLength(1);
    expect(body.conversation.messages[0]).toMatchObject({ sender: 'ai' });
    expect(body.conversation.messages[0].text).toMatch(/^สวัสดีค่ะ! ฉันคือผู้ช่วยของ Phuket Self Storage/);
  });

  it('greets in Russian on a Russian page and records the user id of a signed-in user', async () => {
    const v = visitor('192.0.2.11');
    const { body } = await openChat(db, v, 'ru', 'user_signed_in');
    expect(body.conversation.messages[0].text).toMatch(/^Здравствуйте! Я ассистент Phuket Self Storage/);
    expect((await db.chatConversation.findUniqueOrThrow({ where: { id: body.conversation.id } })).userId).toBe('user_signed_in');
  });

  it('a reload (opening again with the cookie) returns the same conversation with its messages', async () => {
    const v = visitor('192.0.2.12');
    const first = await openChat(db, v);
    streamed(await sendChat(db, v, first.body.conversation.id, 'Where are you located?'));
    const again = await openChat(db, v);
    expect(again.status).toBe(200);
    expect(again.body.conversation.id).toBe(first.body.conversation.id);
    expect(again.body.conversation.messages.map((m) => m.sender)).toEqual(['ai', 'user', 'ai']);
    expect(again.body.conversation.messages[1].text).toBe('Where are you located?');
    expect(await db.chatConversation.count({ where: { sessionId: v.cookie!.split('=')[1] } })).toBe(1);
  });

  it('a closed conversation is not resumed: opening starts a new one', async () => {
    const v = visitor('192.0.2.13');
    const first = await openChat(db, v);
    const staff = await db.user.create({ data: { email: 'closer@example.com', role: 'staff' } });
    await closeConversation(db, staff, first.body.conversation.id);
    const next = await openChat(db, v);
    expect(next.status).toBe(201);
    expect(next.body.conversation.id).not.toBe(first.body.conversation.id);
  });
});

describe('only the visitor holding the session reads or writes the conversation', () => {
  it('another session, or none, gets not found for polling and sending, and learns nothing', async () => {
    const owner = visitor('192.0.2.20');
    const { body } = await openChat(db, owner);
    const stranger = visitor('192.0.2.21');
    await openChat(db, stranger);
    for (const other of [stranger, { address: '192.0.2.22', cookie: null }, { address: '192.0.2.23', cookie: 'pss_chat=forged' }]) {
      const poll = await pollChat(db, other, body.conversation.id);
      expect(poll.status).toBe(404);
      expect(poll.body).toEqual({ error: 'not_found', message: 'This chat could not be found. Please start a new one.' });
      expect(refused(await sendChat(db, other, body.conversation.id, 'hello')).status).toBe(404);
    }
    expect(await db.chatMessage.count({ where: { conversationId: body.conversation.id, senderType: 'user' } })).toBe(0);
    expect((await pollChat(db, owner, body.conversation.id)).status).toBe(200);
  });

  it('polling after a message returns only the newer ones', async () => {
    const v = visitor('192.0.2.24');
    const { body } = await openChat(db, v);
    const greetingId = body.conversation.messages[0].id;
    streamed(await sendChat(db, v, body.conversation.id, 'Do I need insurance?'));
    const poll = await pollChat(db, v, body.conversation.id, greetingId);
    expect(poll.body.status).toBe('active');
    expect(poll.body.messages.map((m: { sender: string }) => m.sender)).toEqual(['user', 'ai']);
  });
});

describe('new conversations are rate-limited per address', () => {
  it(`allows ${RATE_LIMITS.chatStart.points} new chats an hour from one address, then says how long to wait; resuming still works`, async () => {
    const address = '192.0.2.30';
    const kept = visitor(address);
    await openChat(db, kept);
    for (let i = 1; i < RATE_LIMITS.chatStart.points; i++) expect((await openChat(db, visitor(address))).status).toBe(201);
    const blocked = await openChat(db, visitor(address));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many new chats from your connection\. Please wait \d+ minutes? or message us on WhatsApp\.$/);
    expect(blocked.setCookie).toBeNull();
    expect((await openChat(db, kept)).status).toBe(200);
    expect((await openChat(db, visitor('192.0.2.31'))).status).toBe(201);
  });
});
