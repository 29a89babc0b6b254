import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import en from '@/messages/en.json';

// The overrides are read through the app's database module (lib/i18n/overrides.ts): point it at this file's database.
const test = vi.hoisted(() => ({ db: null as unknown }));
vi.mock('@/lib/db', () => ({
  get db() {
    return test.db;
  },
}));

const { db, close } = await openTestDb();
test.db = db;
const { saveOverride, reviewOverride } = await import('@/lib/content/content');
const { sendPortalSignInLink } = await import('@/lib/portal/sign-in-email');

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'email-overrides-'));
beforeAll(() => setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: outbox }));
afterAll(async () => {
  resetEnvForTests();
  fs.rmSync(outbox, { recursive: true, force: true });
  await close();
});

const actor = { id: 'admin-1', email: 'admin@example.test' };
const KEY = 'portalEmails.signIn.heading';
const WORDING = 'Your key to My Storage';

async function sentHeading(n: number) {
  await sendPortalSignInLink(db, { to: `override-${n}@example.com`, locale: 'en', token: `t${n}`, dedupeKey: `override-test:${n}`, minutes: 15 });
  const { html } = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `override-test:${n}` } });
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

describe('emails read as the pages do', () => {
  it('an override waiting for approval is not in a sent email', async () => {
    await saveOverride(db, actor, { locale: 'en', key: KEY, value: WORDING });
    expect(await sentHeading(1)).toBe(en.portalEmails.signIn.heading);
  });

  it('an approved override is in the next email sent', async () => {
    const row = await db.translationOverride.findFirstOrThrow({ where: { locale: 'en', key: KEY } });
    await reviewOverride(db, actor, { id: row.id, op: 'approve' });
    expect(await sentHeading(2)).toBe(WORDING);
  });

  // The merged messages and their translators are kept until the overrides change (lib/i18n/overrides.ts).
  it('an approved override withdrawn, then another approved: each next email follows', async () => {
    const row = await db.translationOverride.findFirstOrThrow({ where: { locale: 'en', key: KEY } });
    await reviewOverride(db, actor, { id: row.id, op: 'withdraw' });
    expect(await sentHeading(3)).toBe(en.portalEmails.signIn.heading);
    await saveOverride(db, actor, { locale: 'en', key: KEY, value: `${WORDING}, again` });
    const again = await db.translationOverride.findFirstOrThrow({ where: { locale: 'en', key: KEY } });
    await reviewOverride(db, actor, { id: again.id, op: 'approve' });
    expect(await sentHeading(4)).toBe(`${WORDING}, again`);
    expect(await sentHeading(5)).toBe(`${WORDING}, again`);
  });
});
