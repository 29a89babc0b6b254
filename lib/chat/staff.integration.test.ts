import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { closeChat, releaseChat, replyToChat, takeOverChat } from '@/app/admin/conversations/actions';
import { openChat, pollChat, refused, sendChat, streamed, visitor } from '@/test/chat';
import { closeConversation, getConversationForStaff, listConversations, releaseConversation, replyAsStaff, takeOverConversation } from './staff';

// The staff side: take over, reply, hand back, close, and what the visitor sees of each (through the same poll and
// send handlers the widget uses). Until staff sign-in exists, the staff member is a users row passed in.

let db: Db;
let close: () => Promise<void>;
let staff: { id: string; email: string };
beforeAll(async () => {
  ({ db, close } = await openTestDb());
  setEnvForTests({ OPENAI_API_KEY: undefined, RATE_LIMIT_SCALE: '10' });
  staff = await db.user.create({ data: { email: 'ploy@example.com', name: 'Ploy', role: 'staff' } });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
});

describe('taking over a conversation', () => {
  it('the assistant stops, the staff reply reaches the visitor, handing back makes the assistant answer again', async () => {
    const v = visitor('100.65.0.1');
    const { body } = await openChat(db, v);
    const id = body.conversation.id;
    streamed(await sendChat(db, v, id, 'Can I store a motorbike?'));

    // The visitor writes again and waits: the list shows it as waiting for a reply.
    await takeOverConversation(db, staff, id);
    const handoff = streamed(await sendChat(db, v, id, 'Can I talk to a person please?'));
    expect(handoff.events.map((e) => e.type)).toEqual(['accepted', 'handoff']);
    const [summary] = (await listConversations(db)).filter((c) => c.id === id);
    expect(summary).toMatchObject({ status: 'taken_over', takenOverBy: 'Ploy', awaitingReply: true, messageCount: 4 });

    const lastSeen = handoff.events[0].type === 'accepted' ? handoff.events[0].message.id : '';
    expect(await replyAsStaff(db, staff, id, '  Hi, this is Ploy. Yes, motorbikes go in our drive-up units.  ')).toEqual({ ok: true });
    const poll = await pollChat(db, v, id, lastSeen);
    expect(poll.body.status).toBe('taken_over');
    expect(poll.body.messages).toEqual([expect.objectContaining({ sender: 'staff', text: 'Hi, this is Ploy. Yes, motorbikes go in our drive-up units.' })]);
    // The visitor's poll never names the staff member's account.
    expect(JSON.stringify(poll.body)).not.toContain('ploy@example.com');

    await releaseConversation(db, staff, id);
    const answered = streamed(await sendChat(db, v, id, 'Thanks! And what are your opening hours?'));
    expect(answered.events.at(-1)).toMatchObject({ type: 'done', message: { sender: 'ai' } });
    expect(answered.text).toContain('Office hours: Monday to Saturday, 9:00–18:00.');

    const audit = await db.auditLog.findMany({ where: { entityId: id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([
      ['chat.takeOver', 'ploy@example.com'],
      ['chat.release', 'ploy@example.com'],
    ]);
  });

  it('replying to a conversation the assistant still has takes it over first', async () => {
    const v = visitor('100.65.0.2');
    const { body } = await openChat(db, v);
    await replyAsStaff(db, staff, body.conversation.id, 'Hello from the office!');
    const c = await getConversationForStaff(db, body.conversation.id);
    expect(c).toMatchObject({ status: 'taken_over', takenOverBy: { id: staff.id } });
    expect(c!.messages.at(-1)).toMatchObject({ sender: 'staff', staffName: 'Ploy', text: 'Hello from the office!' });
    expect(streamed(await sendChat(db, v, body.conversation.id, 'Great')).events.map((e) => e.type)).toEqual(['accepted', 'handoff']);
  });

  it('closing ends the conversation for the visitor, who can then start a new one', async () => {
    const v = visitor('100.65.0.3');
    const { body } = await openChat(db, v);
    await closeConversation(db, staff, body.conversation.id);
    expect((await pollChat(db, v, body.conversation.id)).body.status).toBe('closed');
    expect(refused(await sendChat(db, v, body.conversation.id, 'Hello?')).body).toEqual({ error: 'closed', message: 'This chat has ended. Please start a new one.' });
    expect(await replyAsStaff(db, staff, body.conversation.id, 'Too late')).toEqual({ ok: false, code: 'closed' });
    expect(await takeOverConversation(db, staff, body.conversation.id)).toEqual({ ok: false, code: 'closed' });
    expect((await openChat(db, v)).status).toBe(201);
  });

  it('refuses an empty or overlong reply and an unknown conversation', async () => {
    const v = visitor('100.65.0.4');
    const { body } = await openChat(db, v);
    expect(await replyAsStaff(db, staff, body.conversation.id, '   ')).toEqual({ ok: false, code: 'empty' });
    expect(await replyAsStaff(db, staff, body.conversation.id, 'x'.repeat(4001))).toEqual({ ok: false, code: 'too_long' });
    expect(await takeOverConversation(db, staff, 'no-such-conversation')).toEqual({ ok: false, code: 'not_found' });
    expect(await db.chatMessage.count({ where: { conversationId: body.conversation.id, senderType: 'staff' } })).toBe(0);
  });
});

describe('the staff actions', () => {
  it('refuse anyone who is not signed in as staff, before touching the conversation', async () => {
    const v = visitor('100.65.0.5');
    const { body } = await openChat(db, v);
    const id = body.conversation.id;
    for (const run of [takeOverChat, releaseChat, closeChat]) {
      expect(await run({ conversationId: id })).toEqual({ ok: false, error: 'forbidden', message: 'You are not allowed to do this.' });
    }
    expect(await replyToChat({ conversationId: id, text: 'I am staff, trust me' })).toMatchObject({ ok: false, error: 'forbidden' });
    const row = await db.chatConversation.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe('active');
    expect(await db.chatMessage.count({ where: { conversationId: id, senderType: 'staff' } })).toBe(0);
  });
});
