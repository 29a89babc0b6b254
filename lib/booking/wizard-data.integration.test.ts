import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import { getSetting } from '@/lib/settings';
import { DEFAULT_SETTINGS } from '@/lib/settings/defaults';
import { outboxTransport } from '@/lib/platform/mail/send';
import { sendBookingConfirmation } from '@/lib/booking/confirmation-email';
import { loadWizardData } from './wizard-data';
import { createBooking } from './create-booking';
import { example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import os from 'node:os';
import path from 'node:path';

// One reader of the bank details: the wizard's step 11, the confirmation email and the success page show one account.
let db: Db;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await openTestDb()));
afterAll(() => close());
beforeEach(() => db.setting.update({ where: { key: 'bank' }, data: { value: DEFAULT_SETTINGS.bank } }));

const setBank = (value: object) => db.setting.update({ where: { key: 'bank' }, data: { value } });

describe('bank details', () => {
  it('a row without branch and SWIFT shows that account alone, in the wizard and everywhere else', async () => {
    await setBank({ bankName: 'Bangkok Bank', accountName: 'Phuket Self Storage Co., Ltd.', accountNumber: '999-9-99999-9' });
    const wizard = (await loadWizardData(db, 'en')).bank;
    expect(wizard).toEqual({ bankName: 'Bangkok Bank', branch: '', accountName: 'Phuket Self Storage Co., Ltd.', accountNumber: '999-9-99999-9', swift: '', translations: {} });
    // The success page and the email read getSetting: the same values, not Kasikornbank's SWIFT on a Bangkok Bank account.
    expect(await getSetting(db, 'bank')).toEqual(wizard);
  });

  it('half an account is never mixed with the default one: the whole default is shown', async () => {
    await setBank({ bankName: 'Bangkok Bank' });
    const wizard = (await loadWizardData(db, 'en')).bank;
    expect(wizard).toEqual(DEFAULT_SETTINGS.bank);
    expect(await getSetting(db, 'bank')).toEqual(wizard);
  });

  it('the confirmation email of a bank transfer names the account the wizard showed', async () => {
    await setBank({ bankName: 'Bangkok Bank', accountName: 'PSS Co', accountNumber: '111-2-33333-4' });
    const shown = (await loadWizardData(db, 'en')).bank;
    const r = await createBooking(db, example2({ promoCode: null }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(r.message);
    await sendBookingConfirmation(db, r.bookingId, outboxTransport(path.join(os.tmpdir(), 'pss-bank-test')));
    const email = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `booking_confirmation:${r.bookingId}` } });
    expect(email.text).toContain(shown.accountNumber);
    expect(email.text).toContain(shown.bankName);
    expect(email.text).not.toContain(DEFAULT_SETTINGS.bank.swift);
  });
});
