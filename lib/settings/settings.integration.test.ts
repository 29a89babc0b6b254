import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db/client';
import { DEFAULT_SETTINGS as SETTINGS } from './defaults';
import { getSetting, getSettings, localizedAddress, parseSetting, whatsappUrl } from './index';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
});
afterAll(() => close());

describe('settings', () => {
  it('reads the seeded rows, typed per key', async () => {
    const contact = await getSetting(db, 'contact');
    expect(contact.phone).toBe(SETTINGS.contact.phone);
    const { bank, cryptoRates } = await getSettings(db, ['bank', 'cryptoRates']);
    expect(bank.accountNumber).toBe(SETTINGS.bank.accountNumber);
    expect(cryptoRates.thbPerUsd).toBe(35);
  });

  it('uses staff edits and falls back to the seed for invalid or missing rows', async () => {
    await db.setting.update({ where: { key: 'contact' }, data: { value: { ...SETTINGS.contact, phone: '+66 80 000 0000' } } });
    expect((await getSetting(db, 'contact')).phone).toBe('+66 80 000 0000');
    await db.setting.update({ where: { key: 'cryptoRates' }, data: { value: { thbPerUsd: -1 } } });
    expect((await getSetting(db, 'cryptoRates')).thbPerUsd).toBe(SETTINGS.cryptoRates.thbPerUsd);
    await db.setting.delete({ where: { key: 'hours' } });
    expect((await getSetting(db, 'hours')).closes).toBe('18:00');
  });

  it('has no gate hours to change: an earlier stored value is dropped, the office hours kept', async () => {
    // The gate is open 24/7 by PIN, as every text says (docs/product-rules.md, "Office hours"): no setting can make them wrong.
    const earlier = { officeDays: ['Tu', 'We', 'Th', 'Fr', 'Sa'], opens: '10:00', closes: '17:00', gateAccess: '06:00–22:00' };
    await db.setting.upsert({ where: { key: 'hours' }, create: { key: 'hours', value: earlier }, update: { value: earlier } });
    const hours = await getSetting(db, 'hours');
    expect(hours).toEqual({ officeDays: ['Tu', 'We', 'Th', 'Fr', 'Sa'], opens: '10:00', closes: '17:00' });
    expect(Object.keys(SETTINGS.hours)).not.toContain('gateAccess');
  });

  it('gives the address in the reader’s language, English where no translation is set', async () => {
    const contact = await getSetting(db, 'contact');
    expect(localizedAddress(contact, 'th')).toBe(SETTINGS.contact.addressTranslations.th);
    expect(localizedAddress(contact, 'ru')).toBe(SETTINGS.contact.addressTranslations.ru);
    expect(localizedAddress(contact, 'en')).toBe(SETTINGS.contact.address);
    expect(localizedAddress({ address: 'Somewhere', addressTranslations: {} }, 'th')).toBe('Somewhere');
  });

  it('refuses a map link that is not a web address', () => {
    expect(parseSetting('contact', { mapUrl: 'javascript:alert(1)' }).mapUrl).toBe(SETTINGS.contact.mapUrl);
    expect(parseSetting('contact', { mapUrl: 'https://maps.app.goo.gl/abc' }).mapUrl).toBe('https://maps.app.goo.gl/abc');
  });

  it('builds a WhatsApp link with a prefilled message', () => {
    expect(whatsappUrl({ whatsapp: '+66 93 654 1234' }, 'Hello & hi')).toBe('https://wa.me/66936541234?text=Hello%20%26%20hi');
  });
});
