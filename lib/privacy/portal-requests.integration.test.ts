import { afterAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { portalRequestsFor, requestFromPortal } from './portal-requests';
import { listPrivacyRequests, PRIVACY_REQUEST_DAYS } from './subject';

/**
 * A customer's request from the portal (docs/product-rules.md#personal-data-pdpa) is the same row staff work from in
 * /admin/privacy, due 30 days after it arrived; the customer sees theirs and nobody else's.
 */
const { db, close } = await openTestDb();
afterAll(close);
const NOW = new Date('2026-11-28T05:00:00Z');

describe('requests from the portal', () => {
  it('creates the request staff see, marked portal, due 30 days later', async () => {
    const { request, created } = await requestFromPortal(db, { email: 'Porta.Person@Example.com', kind: 'correction', details: 'My phone is now 081 234 5678' }, NOW);
    expect(created).toBe(true);
    expect(request.dueAt.getTime() - NOW.getTime()).toBe(PRIVACY_REQUEST_DAYS * 86_400_000);
    const staffList = await listPrivacyRequests(db);
    const row = staffList.find((r) => r.id === request.id);
    expect(row).toMatchObject({ email: 'porta.person@example.com', kind: 'correction', source: 'portal', status: 'open', details: 'My phone is now 081 234 5678' });
  });

  it('a second press of the same kind gives back the open request; another kind is a new one', async () => {
    const first = await requestFromPortal(db, { email: 'twice@example.com', kind: 'erasure' }, NOW);
    const again = await requestFromPortal(db, { email: 'TWICE@example.com', kind: 'erasure' }, new Date(NOW.getTime() + 60_000));
    expect(again.created).toBe(false);
    expect(again.request.id).toBe(first.request.id);
    const other = await requestFromPortal(db, { email: 'twice@example.com', kind: 'export' }, NOW);
    expect(other.created).toBe(true);
    expect(await db.privacyRequest.count({ where: { email: 'twice@example.com' } })).toBe(2);
  });

  it('once staff complete it, the customer sees it answered and may ask again', async () => {
    const { request } = await requestFromPortal(db, { email: 'answered@example.com', kind: 'export' }, NOW);
    await db.privacyRequest.update({ where: { id: request.id }, data: { status: 'completed', completedAt: NOW, outcome: 'Sent by email' } });
    const seen = await portalRequestsFor(db, 'answered@example.com');
    expect(seen).toEqual([expect.objectContaining({ id: request.id, status: 'completed', outcome: 'Sent by email' })]);
    expect((await requestFromPortal(db, { email: 'answered@example.com', kind: 'export' }, NOW)).created).toBe(true);
  });

  it("lists only the customer's own requests", async () => {
    await requestFromPortal(db, { email: 'mine@example.com', kind: 'export' }, NOW);
    await requestFromPortal(db, { email: 'someone.else@example.com', kind: 'erasure' }, NOW);
    const mine = await portalRequestsFor(db, 'Mine@Example.com');
    expect(mine).toHaveLength(1);
    expect(mine[0].kind).toBe('export');
  });
});
