import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { postgresTestUrl } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { acceptVisitorMessage } from './reply';
import { openChat, visitor } from '@/test/chat';

// Runs on the real PostgreSQL (TEST_DATABASE_URL): the reply lock is an atomic conditional update, and PGlite's single
// connection would serialise the requests anyway.
const url = postgresTestUrl();

describe.skipIf(!url)('one reply at a time, under concurrent requests on PostgreSQL', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(() => {
    ({ db, close } = createPrismaClient({ kind: 'postgres', url: url! }));
    setEnvForTests({ OPENAI_API_KEY: undefined, RATE_LIMIT_SCALE: '10' });
  });
  afterAll(async () => {
    resetEnvForTests();
    await close?.();
  });

  it('8 simultaneous messages to one conversation: exactly one is accepted, the others are asked to wait', async () => {
    const v = visitor('100.66.0.1');
    const { body } = await openChat(db, v);
    const sessionId = v.cookie!.split('=')[1];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        acceptVisitorMessage(db, { conversationId: body.conversation.id, sessionId, text: `Parallel ${i}`, locale: 'en', address: v.address }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refusedOnes = results.filter((r) => !r.ok);
    expect(refusedOnes).toHaveLength(7);
    for (const r of refusedOnes) expect(r).toMatchObject({ status: 409, body: { error: 'reply_pending' } });
    expect(await db.chatMessage.count({ where: { conversationId: body.conversation.id, senderType: 'user' } })).toBe(1);
  });
});
