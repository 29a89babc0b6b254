import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db/client';
import { waitingListFromBody } from './api';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
});
afterAll(() => close());

const body = { unitType: 'xxl', unitLabel: 'XXL', customerName: 'Ivan', customerEmail: 'ivan@example.com', customerPhone: '+66 81 000 0000' };

describe('POST /api/waiting-list', () => {
  it('stores the sign-up and answers with the success texts, asking to confirm from the email', async () => {
    expect(await waitingListFromBody(db, body)).toEqual({
      status: 200,
      body: {
        success: true,
        title: 'Successfully Added to Waiting List!',
        message: "We have emailed you a link: press it to confirm your place. We'll then let you know as soon as this unit becomes available.",
      },
    });
    expect(await db.waitingListEntry.count({ where: { email: 'ivan@example.com', unitType: { code: 'xxl' }, confirmedAt: null } })).toBe(1);
  });

  it('answers an address already listed exactly like a new one (it used to say 409 duplicate_entry), in the asked language', async () => {
    const result = await waitingListFromBody(db, { ...body, customerEmail: 'IVAN@example.com', language: 'ru' });
    const fresh = await waitingListFromBody(db, { ...body, customerEmail: 'someone-new@example.com', language: 'ru' });
    expect(result).toEqual(fresh);
    expect(result).toMatchObject({ status: 200, body: { success: true, title: 'Вы добавлены в лист ожидания!' } });
    expect(await db.waitingListEntry.count({ where: { email: 'ivan@example.com' } })).toBe(1);
  });

  it('asks for the name and email, and for a real address', async () => {
    expect(await waitingListFromBody(db, { unitType: 'xxl', customerEmail: 'a@example.com' })).toMatchObject({
      status: 400,
      body: { error: 'missing_fields', title: 'Missing Information', message: 'Please provide your name and email address' },
    });
    expect(await waitingListFromBody(db, { ...body, customerEmail: 'ivan' })).toMatchObject({ status: 400, body: { error: 'invalid_email' } });
  });

  it('refuses a malformed body or an unknown unit type without storing anything', async () => {
    const before = await db.waitingListEntry.count();
    expect(await waitingListFromBody(db, null)).toMatchObject({ status: 400, body: { success: false, error: 'invalid_request' } });
    expect(await waitingListFromBody(db, { ...body, customerEmail: 'x@example.com', unitType: 'nope' })).toMatchObject({
      status: 400,
      body: { error: 'unknown_unit_type', message: 'Failed to add you to the waiting list. Please try again.' },
    });
    expect(await db.waitingListEntry.count()).toBe(before);
  });
});
