import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { offerFreedUnit } from '@/lib/billing/waiting-list-offers';
import { NextRequest } from 'next/server';
import { GET } from '@/app/api/unsubscribe/route';
import { suppressEmail, unsubscribeQuery, verifyUnsubscribe } from './unsubscribe';

let db: Db;
let close: () => Promise<void>;
let outbox: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-unsub-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: outbox, RESEND_API_KEY: undefined });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe('unsubscribe from marketing-type emails (docs/product-rules.md#holds, "Emails")', () => {
  it('every waiting-list notice carries a working unsubscribe link and the one-click header; after unsubscribing none is sent', async () => {
    const type = await db.unitType.findUniqueOrThrow({ where: { code: 'xl' } });
    await db.waitingListEntry.create({ data: { unitTypeId: type.id, name: 'Mia', email: 'mia@example.com', locale: 'th', confirmedAt: new Date() } });
    const [first, second] = await db.unit.findMany({ where: { unitTypeId: type.id, status: 'available', currentBookingId: null }, orderBy: { number: 'asc' }, take: 2 });
    expect(await offerFreedUnit(db, first.id, new Date())).not.toBeNull();
    const mail = await db.emailMessage.findFirstOrThrow({ where: { template: 'waiting_list_offer', toAddress: 'mia@example.com' } });
    const link = /\/th\/unsubscribe\?e=([^&"]+)&amp;t=([\w.-]+)/.exec(mail.html);
    expect(link).not.toBeNull();
    expect(verifyUnsubscribe(decodeURIComponent(link![1]), link![2])).toBe(true);
    expect(mail.text).toContain('ยกเลิกการรับอีเมล');
    const sent = fs.readdirSync(outbox).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')));
    const headers = sent.find((m) => m.to === 'mia@example.com').headers;
    expect(headers['List-Unsubscribe']).toMatch(/^<http.*\/api\/unsubscribe\?e=mia%40example\.com&t=[\w.-]+&l=th>$/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Mia opens the header's address in her browser: the page with the button, in Thai, with her signed link.
    const opened = await GET(new NextRequest(headers['List-Unsubscribe'].slice(1, -1)));
    expect(opened.status).toBe(303);
    const page = new URL(opened.headers.get('location')!);
    expect(page.pathname).toBe('/th/unsubscribe');
    expect(verifyUnsubscribe(page.searchParams.get('e')!, page.searchParams.get('t'))).toBe(true);

    await suppressEmail(db, 'MIA@example.com');
    await db.waitingListOffer.updateMany({ data: { status: 'expired' } });
    expect(await offerFreedUnit(db, second.id, new Date())).toBeNull();
    expect(await db.emailMessage.count({ where: { toAddress: 'mia@example.com' } })).toBe(1);
  });

  it('a link signed for one address does not unsubscribe another', () => {
    const q = new URLSearchParams(unsubscribeQuery('a@example.com'));
    expect(verifyUnsubscribe('a@example.com', q.get('t'))).toBe(true);
    expect(verifyUnsubscribe('b@example.com', q.get('t'))).toBe(false);
  });
});
