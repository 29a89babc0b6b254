import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db/client';
import { addToWaitingList } from './join';

let db: Db;
let close: () => Promise<void>;

beforeAll(() => {
  ({ db, close } = openTestDb());
});
afterAll(() => close());

describe('waiting list', () => {
  it('stores an entry with the email lower-cased', async () => {
    const result = await addToWaitingList(db, { unitTypeCode: 'xxl', unitLabel: 'XXL', name: 'Anna', email: 'Anna@Example.COM', phone: '', locale: 'ru' });
    expect(result).toEqual({ status: 'success' });
    const rows = await db.waitingListEntry.findMany({ where: { unitType: { code: 'xxl' } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Anna', email: 'anna@example.com', phone: null, locale: 'ru', unitLabel: 'XXL' });
  });

  it('refuses a second entry for the same email and unit type', async () => {
    const result = await addToWaitingList(db, { unitTypeCode: 'xxl', name: 'Anna again', email: ' ANNA@example.com ' });
    expect(result).toEqual({ status: 'duplicate' });
    expect(await db.waitingListEntry.count({ where: { email: 'anna@example.com' } })).toBe(1);
  });

  it('accepts the same email for another unit type', async () => {
    expect(await addToWaitingList(db, { unitTypeCode: 'l', name: 'Anna', email: 'anna@example.com', phone: '+66 81 234 5678' })).toEqual({ status: 'success' });
  });

  it('asks for the name and email when they are missing', async () => {
    expect(await addToWaitingList(db, { unitTypeCode: 'xxl', name: '  ', email: 'x@example.com' })).toEqual({ status: 'missing' });
    expect(await addToWaitingList(db, { unitTypeCode: 'xxl', name: 'Bob', email: '' })).toEqual({ status: 'missing' });
    expect(await db.waitingListEntry.count({ where: { name: 'Bob' } })).toBe(0);
  });

  it('says when the email address is not valid', async () => {
    expect(await addToWaitingList(db, { unitTypeCode: 'xxl', name: 'Bob', email: 'not-an-email' })).toEqual({ status: 'invalid_email' });
    expect(await db.waitingListEntry.count({ where: { name: 'Bob' } })).toBe(0);
  });

  it('reports a database failure as a server error, not as a refused request', async () => {
    const broken = {
      ...db,
      unitType: { findUnique: async () => ({ id: 'x', isActive: true }) },
      waitingListEntry: {
        create: async () => {
          throw new Error('connection terminated');
        },
      },
    } as unknown as Db;
    const errors = console.error;
    console.error = () => {};
    try {
      expect(await addToWaitingList(broken, { unitTypeCode: 'xxl', name: 'Bob', email: 'bob@example.com' })).toEqual({ status: 'server_error' });
    } finally {
      console.error = errors;
    }
  });

  it('fails cleanly for an unknown unit type or a malformed request', async () => {
    expect(await addToWaitingList(db, { unitTypeCode: 'nope', name: 'Bob', email: 'bob@example.com' })).toEqual({ status: 'error' });
    expect(await addToWaitingList(db, null)).toEqual({ status: 'error' });
  });
});
