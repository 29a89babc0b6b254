import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDb, postgresTestUrl } from '@/test/db';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { Prisma } from '@/generated/prisma/client';
import { enqueueTask, onTaskEnqueued, queuedTasksCte, startTaskAfter, taskEntry, taskType } from './queue';
import { handle, registry, retryDeadTask, runDueTasks, taskOverview, taskRetryDelayMs } from './worker';

/**
 * The one way to defer work (docs/architecture.md, "Deferred work"): a task written in a transaction exists only if
 * that transaction commits; the worker runs it once, retries a failure after the backoff, and gives up after its
 * attempts into the dead letters a person retries from /admin/jobs.
 */
const NOTE = taskType('test.note', z.object({ text: z.string() }), { maxAttempts: 2 });

function recorder(failTimes = 0) {
  const ran: string[] = [];
  let failures = failTimes;
  const handlers = registry([
    handle(NOTE, async (_db, { text }) => {
      if (failures-- > 0) throw new Error('the far side said no');
      ran.push(text);
      return { text };
    }),
  ]);
  return { ran, handlers };
}

describe('tasks on the embedded database', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => void ({ db, close } = await openTestDb()));
  afterAll(async () => close());

  it('a task written by a transaction that rolls back never runs; one that commits runs once', async () => {
    await expect(
      db.$transaction(async (tx) => {
        await enqueueTask(tx, NOTE, { text: 'rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db.$transaction((tx) => enqueueTask(tx, NOTE, { text: 'committed' }, { dedupeKey: 'note:1' }));
    await enqueueTask(db, NOTE, { text: 'committed again' }, { dedupeKey: 'note:1' }); // one per key, ever
    const r = recorder();
    expect(await runDueTasks(db, r.handlers, { types: [NOTE.type] })).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(await runDueTasks(db, r.handlers, { types: [NOTE.type] })).toMatchObject({ claimed: 0 });
    expect(r.ran).toEqual(['committed']);
  });

  it('the worker is woken once a task is committed: after the COMMIT, never inside the transaction, never for a rollback', async () => {
    const wakes: string[] = [];
    let phase = '';
    onTaskEnqueued(() => wakes.push(phase));
    try {
      phase = 'rolled back';
      await expect(
        db.$transaction(async (tx) => {
          await enqueueTask(tx, NOTE, { text: 'never' });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await db.$transaction(async (tx) => {
        phase = 'inside';
        await enqueueTask(tx, NOTE, { text: 'in a change' }, { dedupeKey: 'note:wake:1' });
        await tx.task.count();
        phase = 'committed';
      });
      expect(wakes).toEqual(['committed']);
      // Written on its own, the insert is its own commit.
      phase = 'alone';
      await enqueueTask(db, NOTE, { text: 'alone' }, { dedupeKey: 'note:wake:2' });
      expect(wakes).toEqual(['committed', 'alone']);
      // A task riding on another statement as its `queued_tasks` expression wakes it too, after the COMMIT (a booking
      // submit's tasks ride on its payment's insert).
      phase = 'inside, riding';
      await db.$transaction(async (tx) => {
        const cte = queuedTasksCte([taskEntry(NOTE, { text: 'riding' }, { dedupeKey: 'note:wake:4' })])!;
        await tx.$executeRaw`WITH ${cte} SELECT 1`;
        phase = 'committed, riding';
      });
      expect(wakes).toEqual(['committed', 'alone', 'committed, riding']);
      expect(await db.task.count({ where: { dedupeKey: 'note:wake:4', status: 'pending' } })).toBe(1);
      // A transaction that writes no task wakes nothing.
      await db.$transaction((tx) => tx.task.count());
      expect(wakes).toHaveLength(3);
      // Nor one that writes a task its writer claimed and runs itself (an email sent in the request), after the write
      // it follows, and only when that write wrote a row.
      phase = 'claimed by its writer';
      expect(await startTaskAfter(db, Prisma.sql`SELECT 'none' AS id WHERE false`, NOTE, { text: 'not mine' }, { dedupeKey: 'note:wake:3', leaseMs: 60_000 })).toBeNull();
      expect(await db.task.count({ where: { dedupeKey: 'note:wake:3' } })).toBe(0);
      const started = await startTaskAfter(db, Prisma.sql`SELECT 'the write' AS id`, NOTE, { text: 'mine' }, { dedupeKey: 'note:wake:3', leaseMs: 60_000 });
      expect(started).toMatchObject({ written: 'the write', task: { type: NOTE.type, payload: { text: 'mine' }, attempts: 1, max_attempts: NOTE.maxAttempts } });
      expect(wakes).toHaveLength(3);
      const row = await db.task.findUniqueOrThrow({ where: { dedupeKey: 'note:wake:3' } });
      expect(row).toMatchObject({ id: started!.task.id, status: 'running', attempts: 1 });
      expect(row.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 50_000);
      // One task per key, ever: a second start with the key fails, and its write with it (one statement).
      await expect(startTaskAfter(db, Prisma.sql`SELECT 'again' AS id`, NOTE, { text: 'again' }, { dedupeKey: 'note:wake:3', leaseMs: 60_000 })).rejects.toThrow();
    } finally {
      onTaskEnqueued(null);
      await db.task.deleteMany({ where: { dedupeKey: { in: ['note:wake:1', 'note:wake:2', 'note:wake:3', 'note:wake:4'] } } });
    }
  });

  it('a payload that does not fit its type is refused when written', async () => {
    await expect(enqueueTask(db, NOTE, { text: 42 } as unknown as { text: string })).rejects.toThrow();
  });

  it('a failure waits for the backoff; the last allowed failure is a dead letter that a retry brings back', async () => {
    await enqueueTask(db, NOTE, { text: 'stubborn' }, { dedupeKey: 'note:stubborn' });
    const r = recorder(2);
    const now = Date.now();
    expect(await runDueTasks(db, r.handlers, { types: [NOTE.type] })).toMatchObject({ claimed: 1, retried: 1 });
    const waiting = await db.task.findUniqueOrThrow({ where: { dedupeKey: 'note:stubborn' } });
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'the far side said no' });
    expect(waiting.runAt.getTime()).toBeGreaterThanOrEqual(now + taskRetryDelayMs(1) - 1000);
    // Not before the backoff…
    expect(await runDueTasks(db, r.handlers, { types: [NOTE.type] })).toMatchObject({ claimed: 0 });
    // …then its second and last attempt fails too: dead, on /admin/jobs.
    expect(await runDueTasks(db, r.handlers, { now: new Date(now + 60 * 60_000), types: [NOTE.type] })).toMatchObject({ claimed: 1, dead: 1 });
    const overview = await taskOverview(db);
    expect(overview.dead.map((t) => t.id)).toContain(waiting.id);
    expect(overview.dead.find((t) => t.id === waiting.id)).toMatchObject({ attempts: 2, lastError: 'the far side said no' });
    // The worker leaves a dead task alone until a person retries it.
    expect(await runDueTasks(db, r.handlers, { now: new Date(now + 10 * 60 * 60_000), types: [NOTE.type] })).toMatchObject({ claimed: 0 });
    expect(await retryDeadTask(db, waiting.id)).toBe(true);
    expect(await retryDeadTask(db, waiting.id)).toBe(false); // no longer dead
    expect(await runDueTasks(db, r.handlers, { types: [NOTE.type] })).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(r.ran).toEqual(['stubborn']);
    expect(await db.task.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: 'succeeded', result: { text: 'stubborn' } });
  });

  it('a task whose server stopped mid-run (its lease passed) is taken over', async () => {
    await enqueueTask(db, NOTE, { text: 'orphan' }, { dedupeKey: 'note:orphan' });
    await db.task.update({ where: { dedupeKey: 'note:orphan' }, data: { status: 'running', attempts: 1, leaseUntil: new Date(Date.now() - 1000) } });
    const r = recorder();
    expect(await runDueTasks(db, r.handlers, { types: [NOTE.type] })).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(r.ran).toEqual(['orphan']);
  });
});

const url = postgresTestUrl();

describe.skipIf(!url)('tasks on PostgreSQL with two servers', () => {
  let a: { db: Db; close: () => Promise<void> };
  let b: { db: Db; close: () => Promise<void> };
  beforeAll(() => {
    a = createPrismaClient({ kind: 'postgres', url: url! });
    b = createPrismaClient({ kind: 'postgres', url: url! });
  });
  afterAll(async () => {
    await a.db.task.deleteMany({ where: { type: NOTE.type } });
    await a?.close();
    await b?.close();
  });

  it('200 tasks worked by two servers at once (FOR UPDATE SKIP LOCKED): each runs exactly once', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `pg-${i}`);
    for (const text of texts) await enqueueTask(a.db, NOTE, { text }, { dedupeKey: `pg:${text}` });
    const ra = recorder();
    const rb = recorder();
    // Slow handlers, so both servers are claiming while the other works.
    const slow = (r: ReturnType<typeof recorder>) =>
      registry([
        handle(NOTE, async (_db, { text }) => {
          await new Promise((done) => setTimeout(done, 2));
          r.ran.push(text);
        }),
      ]);
    const [oa, ob] = await Promise.all([runDueTasks(a.db, slow(ra), { types: [NOTE.type] }), runDueTasks(b.db, slow(rb), { types: [NOTE.type] })]);
    expect(oa.claimed + ob.claimed).toBe(200);
    expect(oa.claimed).toBeGreaterThan(0);
    expect(ob.claimed).toBeGreaterThan(0);
    expect([...ra.ran, ...rb.ran].sort()).toEqual([...texts].sort());
    expect(await a.db.task.count({ where: { type: NOTE.type, status: 'succeeded', dedupeKey: { startsWith: 'pg:' } } })).toBe(200);
  });
});
