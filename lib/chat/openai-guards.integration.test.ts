// The assistant against a model server that checks what it receives (test/fakes/openai-server.ts): the app offers
// the model only its read-only tools, well formed; a refused key or refused tools end in the visitor's apology with
// the question kept, never in a broken chat.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { startFakeOpenAI, defaultBrain, type FakeOpenAI } from '@/test/fakes/openai-server';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { openChat, sendChat, streamed, visitor } from '@/test/chat';

// The assistant's tools, all read-only views of our own data (lib/chat/tools.ts); a new one is a decision to review.
const READ_ONLY_TOOLS = ['list_unit_types', 'get_quote', 'recommend_unit_size', 'get_facility_info', 'get_faq', 'booking_link'];
const APOLOGY = "Sorry, I couldn't answer just now. Please try again, or message our team on WhatsApp, LINE or Messenger.";

let db: Db;
let close: () => Promise<void>;
let fake: FakeOpenAI;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  fake = await startFakeOpenAI({ allowedTools: READ_ONLY_TOOLS });
  setEnvForTests({ OPENAI_API_KEY: 'sk-test-fake', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'fake-model' });
});
afterAll(async () => {
  resetEnvForTests();
  await fake.close();
  await close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.refused.length = 0;
  fake.brain = defaultBrain;
  fake.allowedTools = READ_ONLY_TOOLS;
  setEnvForTests({ OPENAI_API_KEY: 'sk-test-fake' });
});

describe('what the assistant offers the model', () => {
  it('exactly the read-only tools, each a described function with an object schema, and the answer uses them', async () => {
    const v = visitor('198.51.100.41');
    const { body } = await openChat(db, v);
    const reply = streamed(await sendChat(db, v, body.conversation.id, 'How much is a small unit?'));
    expect(reply.text).toContain('฿1,400');
    expect(fake.refused).toEqual([]);
    expect(fake.requests[0].tools?.map((t) => t.function.name).sort()).toEqual([...READ_ONLY_TOOLS].sort());
  });

  it('tools the model server refuses: the visitor gets the apology and the question is kept', async () => {
    fake.allowedTools = READ_ONLY_TOOLS.filter((t) => t !== 'get_quote');
    const v = visitor('198.51.100.42');
    const { body } = await openChat(db, v);
    const reply = streamed(await sendChat(db, v, body.conversation.id, 'How much is a small unit?'));
    expect(reply.events.map((e) => e.type)).toEqual(['accepted', 'error']);
    expect(reply.events[1]).toEqual({ type: 'error', message: APOLOGY });
    expect(fake.refused.at(-1)).toEqual({ status: 400, message: 'Tool get_quote is not one the model may be offered' });
    const stored = await db.chatMessage.findMany({ where: { conversationId: body.conversation.id, senderType: 'user' } });
    expect(stored.map((m) => m.text)).toEqual(['How much is a small unit?']);
  });

  it('a wrong API key: the apology, and the next question answered once the key is right', async () => {
    setEnvForTests({ OPENAI_API_KEY: 'sk-wrong' });
    const v = visitor('198.51.100.43');
    const { body } = await openChat(db, v);
    const refused = streamed(await sendChat(db, v, body.conversation.id, 'Where are you?'));
    expect(refused.events.at(-1)).toEqual({ type: 'error', message: APOLOGY });
    expect(fake.refused.some((r) => r.status === 401)).toBe(true);
    setEnvForTests({ OPENAI_API_KEY: 'sk-test-fake' });
    const answered = streamed(await sendChat(db, v, body.conversation.id, 'How much is a small unit?'));
    expect(answered.text).toContain('฿1,400');
  });
});
