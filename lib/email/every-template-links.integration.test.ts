// Every email a customer can be sent, in Thai and in Russian, rendered by the code that sends it from a real rental in
// the seeded database, and every link in it checked against the site's routes (issue 37, quality bar: "a test walks
// every link in every email template … and expects no 404"). A doubled language prefix (/th/th/…), a page that moved
// or a link written by hand without the language fails here. The running-server walk of one rental's emails, portal
// and invoice pages is e2e/links.mobile.spec.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asFixture } from '@/lib/db/status-writes';
import { openTestDb } from '@/test/db';
import { isAppRoute } from '@/test/app-routes';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { issueInvoice } from '@/lib/invoices/issue';
import { sendInvoiceIssued, sendInvoiceReminder, sendPaymentReceived } from '@/lib/invoices/emails';
import { sendHoldExpired, sendHoldExpiring } from '@/lib/billing/hold-emails';
import { sendDefaultNotice, sendLateFeeNotice, sendOverlockNotice } from '@/lib/billing/delinquency-emails';
import { sendWaitingListOffer } from '@/lib/billing/waiting-list-offer-email';
import { sendBookingUpdate, type BookingUpdateKind } from '@/lib/billing/booking-update-email';
import { composeRentChangeNotice } from '@/lib/billing/rent-change-email';
import { composeAccessEmail, type AccessTemplate } from '@/lib/gate/access-emails';
import { encryptPin } from '@/lib/gate/pin-crypto';
import { sendPortalSignInLink } from '@/lib/portal/sign-in-email';
import { sendDraftReminder } from '@/lib/booking/draft-reminder-email';
import { sendWaitingListConfirmation } from '@/lib/waiting-list/confirmation-email';
import { composeBookingConfirmation, sendBookingConfirmation } from '@/lib/booking/confirmation-email';
import { EMAIL_PREVIEWS, type EmailPreviewName } from '@/emails/previews';
import type { PaymentMethod } from '@/lib/pricing';

const SITE = 'http://localhost:3000';
const LOCALES = ['th', 'ru'] as const;
type Locale = (typeof LOCALES)[number];

let db: Db;
let close: () => Promise<void>;
let tmp: string;

/** Each email as sent or composed: its template, language and HTML. */
const mails: { template: string; locale: string; html: string }[] = [];
const renderAs = async (template: string, locale: string, element: ReactElement) => mails.push({ template, locale, html: await render(element) });

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-email-links-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: SITE });
  for (const locale of LOCALES) await sendEverything(locale);
  const rows = await db.emailMessage.findMany({ where: { locale: { in: [...LOCALES] }, NOT: { template: { startsWith: 'staff_' } } }, select: { template: true, locale: true, html: true } });
  mails.push(...rows.filter((r) => r.html));
}, 300_000);
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function booking(locale: Locale, method: 'bank_transfer' | 'cash' | 'crypto') {
  const status = method === 'cash' ? 'pending_arrival' : method === 'bank_transfer' ? 'pending_bank_transfer' : 'crypto_payment_sent';
  const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: method, paymentStatus: status }), { locale, now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  return db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { customer: true, heldUnit: true, unitType: true } });
}

const rent = (bookingId: string, kind: 'renewal' | 'fee', dedupeKey?: string) =>
  db.$transaction((tx) =>
    issueInvoice(tx, {
      bookingId,
      kind,
      lines: [{ kind: kind === 'fee' ? 'fee' : 'rent', description: kind === 'fee' ? 'Late fee' : 'Rent', quantity: 1, unitSatang: 1_400_00, amountSatang: 1_400_00 }],
      vatSatang: 91_59,
      issuedAt: TEST_NOW,
      dueAt: TEST_NOW,
      ...(dedupeKey ? { dedupeKey } : {}),
    }),
  );

/** Every customer email the code sends, for one rental (and its waiting list and drafts) in `locale`. */
async function sendEverything(locale: Locale) {
  const b = await booking(locale, 'bank_transfer');
  await sendBookingConfirmation(db, b.id);
  // The confirmation's how-to-pay part differs per method (links to the PromptPay and crypto pages among them).
  for (const method of ['card', 'promptpay', 'crypto', 'cash'] as PaymentMethod[]) {
    await asFixture(() => db.booking.update({ where: { id: b.id }, data: { paymentMethod: method, paymentStatus: 'paid' } }));
    const c = await composeBookingConfirmation(db, b.id);
    if (c) await renderAs('booking_confirmation', locale, c.element);
  }
  await asFixture(() => db.booking.update({ where: { id: b.id }, data: { paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' } }));
  await sendHoldExpiring(db, b.id);
  await asFixture(() => db.booking.update({ where: { id: b.id }, data: { status: 'expired' } }));
  await sendHoldExpired(db, b.id);
  // From here a confirmed rental with its gate PIN.
  await asFixture(() => db.booking.update({ where: { id: b.id }, data: { status: 'confirmed', gatePinCipher: encryptPin('4821') } }));

  const invoice = await rent(b.id, 'renewal');
  for (const variant of ['pay', 'autopay', 'card_failed', 'staff'] as const) {
    // One email per invoice and variant: each variant on an invoice of its own.
    const own = variant === 'pay' ? invoice : await rent(b.id, 'renewal');
    await sendInvoiceIssued(db, own.id, variant, undefined, variant === 'card_failed' ? { attempt: 1, next: '2026-11-25' } : undefined);
  }
  await sendInvoiceReminder(db, invoice.id);
  const fee = await rent(b.id, 'fee', `late_fee:${invoice.id}`);
  await sendLateFeeNotice(db, fee.id);
  await sendOverlockNotice(db, b.id, fee.id);
  await db.booking.update({ where: { id: b.id }, data: { defaultedAt: TEST_NOW } });
  await sendDefaultNotice(db, b.id);
  const payment = await db.payment.create({ data: { bookingId: b.id, invoiceId: invoice.id, method: 'bank_transfer', status: 'paid', amountSatang: invoice.totalSatang, paidAt: TEST_NOW } });
  await sendPaymentReceived(db, payment.id);

  for (const kind of ['confirmed', 'payment_rejected', 'cancelled', 'notice', 'ended'] as BookingUpdateKind[]) await sendBookingUpdate(db, b.id, kind, { reason: 'x', moveOutDate: '2027-05-24' });
  const change = await db.rentChange.create({ data: { bookingId: b.id, oldRate: 1_400_00, newRate: 1_500_00, effectiveFrom: new Date('2027-01-25'), noticeSentAt: TEST_NOW } });
  const rentChange = await composeRentChangeNotice(db, `rent_change:${change.id}`);
  if (rentChange) await renderAs('rent_change', locale, rentChange.element);
  for (const template of ['identity_verified', 'identity_rejected', 'gate_pin'] as AccessTemplate[]) {
    const access = await composeAccessEmail(db, template, b.id);
    if (access) await renderAs(template, locale, access.element);
  }

  const email = b.customer.email;
  await sendPortalSignInLink(db, { to: email, locale, token: 'sign-in-token', dedupeKey: `portal_sign_in:${locale}`, minutes: 15 });
  await sendDraftReminder(db, { id: `draft-${locale}`, token: 'draft-token', email, locale });
  const entry = await db.waitingListEntry.create({ data: { unitTypeId: b.unitTypeId, name: 'Lek', email, locale, confirmedAt: TEST_NOW } });
  await sendWaitingListConfirmation(db, entry.id);
  const offer = await db.waitingListOffer.create({ data: { entryId: entry.id, unitId: b.heldUnit!.id, expiresAt: new Date(TEST_NOW.getTime() + 86_400_000) } });
  await sendWaitingListOffer(db, offer.id);

  // Templates no sender uses yet (unit-available) and the designers' previews: rendered from their preview data.
  for (const name of Object.keys(EMAIL_PREVIEWS) as EmailPreviewName[]) await renderAs(`preview:${name}`, locale, EMAIL_PREVIEWS[name](locale));
}

/** The `template: '…'` names the code sends, read from lib/ (staff alerts aside): a new one must be covered here. */
function templatesInCode(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        const text = fs.readFileSync(p, 'utf8');
        for (const m of text.matchAll(/template: (?:[^,\n]*\? )?'([a-z_]+)'(?: : '([a-z_]+)')?/g)) [m[1], m[2]].filter(Boolean).forEach((n) => names.add(n));
        for (const m of text.matchAll(/template: kind === '\w+' \? '([a-z_]+)' : kind === '\w+' \? '([a-z_]+)' : '([a-z_]+)'/g)) m.slice(1).forEach((n) => names.add(n));
        if (/template: `booking_\$\{kind\}`/.test(text)) ['confirmed', 'payment_rejected', 'cancelled', 'notice', 'ended'].forEach((k) => names.add(`booking_${k}`));
      }
    }
  };
  walk(path.join(import.meta.dirname, '..'));
  return [...names].filter((n) => !n.startsWith('staff_') && n !== 'x').sort();
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
/** Links that leave the site, and why they are not walked. */
const OUTSIDE: [RegExp, string][] = [
  [/^mailto:|^tel:/, 'opens the mail or phone app'],
  [/^https:\/\/(wa\.me|line\.me|m\.me|www\.instagram\.com|maps\.google\.com|www\.google\.com\/maps)\//, 'a chat app or the map, not our pages'],
];

describe('every link of every customer email, in Thai and Russian (issue 37)', () => {
  it('every template the code sends was rendered here, in both languages', () => {
    const sent = new Set(mails.map((m) => `${m.template}|${m.locale}`));
    const missing = templatesInCode().flatMap((t) => LOCALES.filter((l) => !sent.has(`${t}|${l}`)).map((l) => `${t} (${l})`));
    expect(missing).toEqual([]);
    // and every template component of emails/ among them (the previews render the one no sender uses yet)
    expect(mails.some((m) => m.template === 'preview:unit-available')).toBe(true);
  });

  it('the Russian confirmation writes the unit size with the decimal comma and м, the Thai one with ม.', () => {
    const confirmation = (locale: Locale) => mails.find((m) => m.template === 'booking_confirmation' && m.locale === locale)!.html;
    expect(confirmation('ru')).toContain('1,5 м × 2 м × 2,5 м');
    expect(confirmation('th')).toContain('1.5 ม. × 2 ม. × 2.5 ม.');
  });

  it.each(LOCALES)('in %s, every link to the site keeps one language prefix and opens an existing page', (locale) => {
    const problems: string[] = [];
    let checked = 0;
    for (const mail of mails.filter((m) => m.locale === locale)) {
      for (const href of hrefs(mail.html)) {
        if (OUTSIDE.some(([re]) => re.test(href))) continue;
        const url = new URL(href, SITE);
        // The previews' sample site, and the site itself: both are our pages.
        if (url.origin !== SITE && url.origin !== 'https://www.example.com') {
          problems.push(`${mail.template}: ${href} leaves the site without a reason listed in OUTSIDE`);
          continue;
        }
        checked++;
        const page = url.pathname;
        if (!page.startsWith('/api/') && !new RegExp(`^/${locale}(/|$)`).test(page)) problems.push(`${mail.template}: ${page} is not in ${locale}`);
        if (/^\/(en|th|ru)\/(en|th|ru)(\/|$)/.test(page)) problems.push(`${mail.template}: ${page} has a doubled language prefix`);
        else if (!isAppRoute(page)) problems.push(`${mail.template}: ${page} is no page of the site (404)`);
      }
    }
    expect(problems).toEqual([]);
    // Sanity: the walk saw the rental's links (portal, invoice, pay page, sign-in, waiting list, unsubscribe …).
    expect(checked).toBeGreaterThan(40);
  });
});
