import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db/client';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { offerFreedUnit } from '@/lib/billing/waiting-list-offers';
import { addToWaitingList } from './join';
import { confirmWaitingListEntry, verifyWaitingListConfirmation, waitingListConfirmationToken } from './confirmation';

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-waitlist-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: tmp, RESEND_API_KEY: undefined });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const confirmations = (email: string) => db.emailMessage.findMany({ where: { template: 'waiting_list_confirm', toAddress: email }, orderBy: { createdAt: 'asc' } });

describe('waiting list (double opt-in, docs/product-rules.md#holds)', () => {
  it('stores an unconfirmed entry with the email lower-cased and emails a confirmation link in the sign-up language', async () => {
    const result = await addToWaitingList(db, { unitTypeCode: 'xxl', unitLabel: 'XXL', name: 'Anna', email: 'Anna@Example.COM', phone: '', locale: 'ru' });
    expect(result).toEqual({ status: 'success' });
    const rows = await db.waitingListEntry.findMany({ where: { unitType: { code: 'xxl' } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Anna', email: 'anna@example.com', phone: null, locale: 'ru', unitLabel: 'XXL', confirmedAt: null });
    const [mail] = await confirmations('anna@example.com');
    expect(mail.subject).toContain('Подтвердите место в листе ожидания');
    const link = /\/ru\/waiting-list\/([a-z0-9]+)\/confirm\?token=([\w.-]+)/.exec(mail.html);
    expect(link?.[1]).toBe(rows[0].id);
    expect(verifyWaitingListConfirmation(rows[0].id, link![2])).toBe(true);
  });

  it('hears nothing from the list before confirming: a freed unit is not offered to an unconfirmed entry', async () => {
    const type = await db.unitType.findUniqueOrThrow({ where: { code: 'xxl' } });
    // A new XXL unit (the type is sold out): new units go through the queued offer too.
    const unit = await db.unit.create({ data: { number: 'XXL-TEST-1', unitTypeId: type.id } });
    expect(await offerFreedUnit(db, unit.id, new Date())).toBeNull();
    const entry = await db.waitingListEntry.findFirstOrThrow({ where: { email: 'anna@example.com', unitTypeId: type.id } });
    await confirmWaitingListEntry(db, entry.id);
    expect(await offerFreedUnit(db, unit.id, new Date())).not.toBeNull();
    expect(await db.emailMessage.count({ where: { template: 'waiting_list_offer', toAddress: 'anna@example.com' } })).toBe(1);
  });

  it('answers a second sign-up exactly like the first, without a second entry, so nobody learns who is listed', async () => {
    const before = (await confirmations('anna@example.com')).length;
    const result = await addToWaitingList(db, { unitTypeCode: 'xxl', name: 'Anna again', email: ' ANNA@example.com ' });
    expect(result).toEqual({ status: 'success' });
    expect(await db.waitingListEntry.count({ where: { email: 'anna@example.com' } })).toBe(1);
    // Already confirmed: nothing is sent.
    expect(await confirmations('anna@example.com')).toHaveLength(before);
  });

  it('resends the link to an unconfirmed sign-up, three times a day at most', async () => {
    for (let i = 0; i < 5; i++) expect(await addToWaitingList(db, { unitTypeCode: 'l', name: 'Victim', email: 'victim@example.com' })).toEqual({ status: 'success' });
    expect(await confirmations('victim@example.com')).toHaveLength(3);
    expect(await db.waitingListEntry.count({ where: { email: 'victim@example.com' } })).toBe(1);
  });

  it('a link signed for another entry, or tampered with, confirms nothing', async () => {
    const entry = await db.waitingListEntry.findFirstOrThrow({ where: { email: 'victim@example.com' } });
    const other = await db.waitingListEntry.findFirstOrThrow({ where: { email: 'anna@example.com' } });
    expect(verifyWaitingListConfirmation(entry.id, waitingListConfirmationToken(other.id))).toBe(false);
    expect(verifyWaitingListConfirmation(entry.id, `${waitingListConfirmationToken(entry.id)}x`)).toBe(false);
    expect(verifyWaitingListConfirmation(entry.id, waitingListConfirmationToken(entry.id, new Date(Date.now() - 8 * 24 * 3600_000)))).toBe(false);
  });

  it('accepts the same email for another unit type', async () => {
    expect(await addToWaitingList(db, { unitTypeCode: 'l', name: 'Anna', email: 'anna@example.com', phone: '+66 81 234 5678' })).toEqual({ status: 'success' });
  });

  it('asks for the name and email when they are missing', async () => {
    expect(await addToWaitingList(db, { unitTypeCode: 'xxl', name: '  ', email: 'x@example.com' })).toEqual({ status: 'missing' });
    expect(await addToWaitingList(db, { unitTypeCode: 'xxl', name: 'Bob', email: '' })).toEqual({ status: 'missing' });
    expect(await db.waitingListEntry.count({ where: { name: 'Bob' } })).toBe(0);
  });

  it('says when the email address is not valid, and refuses a name that carries a link', async () => {
    expect(await addToWaitingList(db, { unitTypeCode: 'xxl', name: 'Bob', email: 'not-an-email' })).toEqual({ status: 'invalid_email' });
    expect(await addToWaitingList(db, { unitTypeCode: 'xxl', name: 'Bob', email: '"<script>"@example.com' })).toEqual({ status: 'invalid_email' });
    expect(await addToWaitingList(db, { unitTypeCode: 'xxl', name: 'Cheap pills http://spam.example', email: 'bob@example.com' })).toEqual({ status: 'error' });
    expect(await db.waitingListEntry.count({ where: { email: 'bob@example.com' } })).toBe(0);
  });

  it('reports a database failure as a server error, not as a refused request', async () => {
    const broken = {
      ...db,
      unitType: { findUnique: async () => ({ id: 'x', isActive: true }) },
      waitingListEntry: {
        findUnique: async () => null,
        create: async () => {
          throw new Error('connection terminated');
        },
      },
    } as unknown as Db;
    expect(await addToWaitingList(broken, { unitTypeCode: 'xxl', name: 'Bob', email: 'bob@example.com' })).toEqual({ status: 'server_error' });
  });

  it('fails cleanly for an unknown unit type or a malformed request', async () => {
    expect(await addToWaitingList(db, { unitTypeCode: 'nope', name: 'Bob', email: 'bob@example.com' })).toEqual({ status: 'error' });
    expect(await addToWaitingList(db, null)).toEqual({ status: 'error' });
  });
});
