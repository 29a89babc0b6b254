import fs from 'node:fs';
import sharp from 'sharp';
import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { bookAndPay, portalLink } from './access-helpers';
import { signInStaff } from './admin-helpers';
import { uniqueSlip } from '../test/fixtures/files';
import th from '../messages/th.json' with { type: 'json' };
import ru from '../messages/ru.json' with { type: 'json' };

// Personal data under the PDPA (docs/product-rules.md#personal-data-pdpa), issue 42's remaining journeys. Customers on a
// phone in Thai and Russian upload an ID (told to cover the religion and blood type) and ask from the portal for a copy
// and for erasure; staff, in the Thai admin, mask the ID and verify it (only the masked picture is served after), download
// the person's data and erase it; the customer sees the requests answered. Then the breach register's 72-hour clock, and
// a new privacy notice shown once at the customer's next visit.
test.describe.configure({ mode: 'serial' });

const MESSAGES = { th, ru } as const;
const fill = (s: string, values: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));
type Journey = { locale: 'th' | 'ru'; email: string; reference: string; link: string };
const journeys: Journey[] = [];

async function thaiStaff(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'th-TH' });
  const page = await context.newPage();
  await signInStaff(page);
  await context.addCookies([{ name: 'ADMIN_LOCALE', value: 'th', url: page.url() }]);
  return page;
}

/** The customer's My Storage page on a phone, from their emailed link. */
async function customerPortal(browser: Browser, j: Journey): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await context.newPage();
  await page.goto(`/${j.locale}${j.link}`);
  return page;
}

for (const locale of ['th', 'ru'] as const) {
  const m = MESSAGES[locale];
  const p = m.privacy.portal;
  test(`${locale}: on a phone, the customer uploads an ID after the hint and asks for a copy and for erasure`, async ({ page, request }) => {
    const email = `pdpa-${locale}-${Date.now()}@example.com`;
    const reference = await bookAndPay(page, email, ['Pranee', 'Privacy']);
    const link = await portalLink(request, email, reference);
    journeys.push({ locale, email, reference, link });
    await expect(async () => {
      await page.goto(`/${locale}${link}`);
      await expect(page.getByText(m.moveIn.portal.identity.coverSensitive)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole('combobox').filter({ hasText: m.moveIn.kinds.thai_id }).selectOption({ label: m.moveIn.kinds.thai_id });
    await page.getByLabel(m.moveIn.portal.identity.file).setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
    await page.getByRole('button', { name: m.moveIn.portal.identity.upload }).click();
    await expect(page.getByText(m.moveIn.portal.identity.pending)).toBeVisible();

    const panel = page.getByRole('region', { name: p.title });
    await expect(panel.getByText(fill(p.intro, { days: 30 }))).toBeVisible();
    // A correction must say what is wrong.
    await panel.getByRole('radio', { name: new RegExp(p.kinds.correction) }).check();
    await panel.getByRole('button', { name: p.submit }).click();
    await expect(panel.getByRole('alert')).toHaveText(p.detailsNeeded);
    // A copy, then erasure.
    await panel.getByRole('radio', { name: new RegExp(p.kinds.export) }).check();
    await panel.getByRole('button', { name: p.submit }).click();
    await expect(panel.getByRole('status')).toHaveText(fill(p.sent, { days: 30 }));
    await panel.getByRole('radio', { name: new RegExp(p.kinds.erasure) }).check();
    await panel.getByRole('button', { name: p.submit }).click();
    const requests = panel.getByRole('list', { name: p.yourRequests }).getByRole('listitem');
    await expect(requests).toHaveCount(2);
    await expect(requests.first()).toContainText(p.kinds.erasure);
    await expect(requests.nth(1)).toContainText(p.kinds.export);
    // "we will answer by" the due date, in the page's language.
    await expect(requests.first()).toContainText(p.open.split('·')[1].replace('{due}', '').trim());
  });
}

test('staff, in Thai, mask the ID and verify it: only the masked picture is served afterwards', async ({ browser }) => {
  const staff = await thaiStaff(browser);
  const a = th.moveIn.admin;
  for (const j of journeys) {
    await staff.goto(`/admin/bookings?q=${j.reference}`);
    await staff.getByRole('link', { name: j.reference }).first().click();
    await staff.waitForURL(/\/admin\/booking-review\//);
    await staff.getByRole('link', { name: a.mask }).click();
    await expect(staff.getByRole('heading', { level: 1, name: a.maskTitle })).toBeVisible();
    const canvas = staff.getByRole('img', { name: new RegExp(a.maskImage.split('{name}')[1].replace(':', '').trim()) });
    await expect(canvas).toBeVisible();
    await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(1);
    // The drag is in viewport coordinates: the canvas on screen, and its layout settled once the picture is drawn
    // (on a busy machine the first box read can predate the final size).
    await canvas.scrollIntoViewIfNeeded();
    let previous = '';
    await expect
      .poll(async () => {
        const now = JSON.stringify(await canvas.boundingBox());
        const settled = now === previous;
        previous = now;
        return settled;
      })
      .toBe(true);
    const box = (await canvas.boundingBox())!;
    // One rectangle over the middle of the card (where a Thai ID card has the religion): 25%…75% both ways.
    await staff.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await staff.mouse.down();
    await staff.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.75, { steps: 6 });
    await staff.mouse.up();
    await expect(staff.getByText(fill(a.maskCount, { count: 1 }))).toBeVisible();
    staff.once('dialog', (d) => d.accept());
    await staff.getByRole('button', { name: a.maskApply }).click();
    await staff.waitForURL(/\/admin\/booking-review\/[^/]+#identity$/);
    await expect(staff.getByText(new RegExp(a.maskedAt.split('{date}')[0].trim()))).toBeVisible();

    // What staff see now is black in the middle of the rectangle; no link offers to mask it again.
    const src = (await staff.getByRole('img', { name: 'id-card.png' }).getAttribute('src'))!;
    const served = await staff.request.get(src);
    expect(served.status()).toBe(200);
    const { data, info } = await sharp(await served.body()).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    expect(at(Math.floor(info.width / 2), Math.floor(info.height / 2))).toEqual([0, 0, 0]);

    await staff.getByRole('button', { name: a.verify, exact: true }).click();
    await expect(staff.getByRole('status').filter({ hasText: a.verified })).toBeVisible();
    await expect(staff.getByRole('link', { name: a.mask })).toHaveCount(0);
  }
  await staff.context().close();
});

test('staff, in Thai, download the person\'s data and carry out the erasure; the customer sees both answered', async ({ browser }) => {
  const staff = await thaiStaff(browser);
  const t = th.admin.privacy;
  await staff.goto('/admin/privacy');
  await expect(staff.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  for (const j of journeys) {
    const exportRow = staff.getByRole('row').filter({ hasText: j.email }).filter({ hasText: t.kinds.export });
    await expect(exportRow).toContainText(t.sources.portal);
    const [download] = await Promise.all([staff.waitForEvent('download'), exportRow.getByRole('link', { name: t.downloadJson }).click()]);
    const json = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    expect(json.subject).toBe(j.email);
    expect(json.bookings.map((b: { reference: string }) => b.reference)).toEqual([j.reference]);
    expect(json.bookings[0].identityDocuments[0].maskedAt).toBeTruthy();
    // Nothing of the other customer of this run.
    for (const other of journeys.filter((o) => o !== j)) expect(JSON.stringify(json)).not.toContain(other.email);
    await exportRow.getByLabel(t.outcome).fill('ส่งไฟล์ให้ลูกค้าทางอีเมลแล้ว');
    await exportRow.getByRole('button', { name: t.complete }).click();
    await expect(staff.getByRole('row').filter({ hasText: j.email }).filter({ hasText: t.kinds.export })).toContainText('ส่งไฟล์ให้ลูกค้าทางอีเมลแล้ว');

    const erasureRow = staff.getByRole('row').filter({ hasText: j.email }).filter({ hasText: t.kinds.erasure });
    staff.once('dialog', (d) => d.accept());
    await erasureRow.getByRole('button', { name: t.erase }).click();
    // The rental still runs: its records stay, and the outcome says so.
    await expect(staff.getByRole('row').filter({ hasText: j.email }).filter({ hasText: t.kinds.erasure })).toContainText(`Kept while the rental runs: ${j.reference}`);
  }
  await staff.context().close();

  for (const j of journeys) {
    const p = MESSAGES[j.locale].privacy.portal;
    const page = await customerPortal(browser, j);
    const answered = page.getByRole('region', { name: p.title }).getByRole('listitem').filter({ hasText: p.completed.split('{date}')[0].trim() });
    await expect(answered).toHaveCount(2);
    await page.context().close();
  }
});

test('staff, in Thai, record a suspected breach and see the 72-hour deadline, a step and the regulator told', async ({ browser }) => {
  const staff = await thaiStaff(browser);
  const t = th.admin.breaches;
  await staff.goto('/admin/breaches');
  await expect(staff.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  // Discovered two hours ago, Bangkok wall clock.
  const discovered = new Date(Date.now() + 7 * 3_600_000 - 2 * 3_600_000).toISOString().slice(0, 16);
  await staff.getByLabel(t.discoveredAt).fill(discovered);
  await staff.getByLabel(t.description).fill('แล็ปท็อปที่มีไฟล์สลิปสูญหาย');
  await staff.getByLabel(t.dataAffected).fill('สลิปการโอนเงิน');
  await staff.getByLabel(t.peopleAffected).fill('ลูกค้าประมาณ 12 ราย');
  await staff.getByRole('button', { name: t.recordSubmit }).click();
  await staff.waitForURL(/\/admin\/breaches\/[^/]+$/);
  // 72 hours from the discovery two hours ago: 69 whole hours left (70 if the clock just turned).
  await expect(staff.getByText(/^เหลือ (69|70) ชม\. · ภายใน /)).toBeVisible();
  await staff.getByLabel(t.stepText).fill('เปลี่ยนรหัสผ่านไดรฟ์ที่ใช้ร่วมกันแล้ว');
  await staff.getByRole('button', { name: t.addStep }).click();
  const steps = staff.getByRole('list', { name: t.steps }).getByRole('listitem');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(1)).toContainText('เปลี่ยนรหัสผ่านไดรฟ์ที่ใช้ร่วมกันแล้ว');
  await staff.getByRole('button', { name: t.mark.regulator }).click();
  await expect(staff.getByText(new RegExp(`^${t.done.regulator.split('{date}')[0].trim()}`))).toBeVisible();
  await expect(steps).toHaveCount(3);
  await staff.context().close();
});

test('th: a privacy notice version activated in the admin is announced once at the customer\'s next visit', async ({ browser, page }) => {
  const j = journeys.find((x) => x.locale === 'th')!;
  const n = th.privacy.noticeChanged;
  await page.goto(`/th${j.link}`);
  await expect(page.getByRole('heading', { name: th.privacy.portal.title })).toBeVisible();
  await expect(page.getByText(n.title)).toHaveCount(0);

  const staff = await thaiStaff(browser);
  const l = th.admin.legal;
  await staff.goto('/admin/legal');
  // The "new version" form (the menu has a language choice of its own).
  const form = staff.locator('form').filter({ has: staff.getByRole('button', { name: l.create }) });
  await form.getByRole('combobox', { name: l.type }).selectOption('privacy_policy');
  await form.getByRole('combobox', { name: l.language, exact: true }).selectOption('th');
  await form.getByRole('textbox', { name: l.docTitle }).fill('นโยบายความเป็นส่วนตัว');
  await form.getByRole('textbox', { name: l.content }).fill('<h3>6. ระยะเวลาการเก็บข้อมูล</h3><p>{{retentionTable}}</p><p>ฉบับทดสอบ</p>');
  await form.getByRole('button', { name: l.create }).click();
  await staff.waitForURL(/\/admin\/legal\/[^/]+$/);
  staff.once('dialog', (d) => d.accept());
  await staff.getByRole('button', { name: l.activate }).click();
  // Activated: the version's page now says it is the one in use (the button gives way to the badge).
  await expect(staff.getByText(l.active, { exact: true })).toBeVisible();
  await expect(staff.getByRole('button', { name: l.activate })).toHaveCount(0);
  await staff.context().close();

  await page.goto(`/th${j.link}`);
  const banner = page.getByTestId('notice-changed');
  await expect(banner).toContainText(n.title);
  await expect(banner.getByRole('link', { name: n.link })).toHaveAttribute('href', '/th/legal#privacy');
  await page.reload();
  await expect(page.getByRole('heading', { name: th.privacy.portal.title })).toBeVisible();
  await expect(page.getByText(n.title)).toHaveCount(0);
});

test('th and ru: the customer withdraws a consent and asks for a correction; staff, in Thai, correct the record', async ({ browser }) => {
  for (const j of journeys) {
    const p = MESSAGES[j.locale].privacy.portal;
    const page = await customerPortal(browser, j);
    // LINE messages are optional and say so (the selfie's box already did).
    await expect(page.getByText(MESSAGES[j.locale].line.portal.intro)).toBeVisible();
    const panel = page.getByRole('region', { name: p.title });
    // Every right of the PDPA is offered, in the customer's language.
    for (const k of ['export', 'correction', 'erasure', 'withdrawal', 'objection', 'restriction'] as const) {
      await expect(panel.getByRole('radio', { name: new RegExp(p.kinds[k]) })).toHaveCount(1);
    }
    await panel.getByRole('radio', { name: new RegExp(p.kinds.withdrawal) }).check();
    await panel.getByRole('textbox').fill('Please delete my selfie');
    await panel.getByRole('button', { name: p.submit }).click();
    await expect(panel.getByRole('status')).toHaveText(fill(p.sent, { days: 30 }));
    await panel.getByRole('radio', { name: new RegExp(p.kinds.correction) }).check();
    await panel.getByRole('textbox').fill('My last name is Privasi');
    await panel.getByRole('button', { name: p.submit }).click();
    const requests = panel.getByRole('list', { name: p.yourRequests }).getByRole('listitem');
    await expect(requests).toHaveCount(4);
    await expect(requests.first()).toContainText(p.kinds.correction);
    await expect(requests.nth(1)).toContainText(p.kinds.withdrawal);
    // Booking again: the privacy notice is given beside the agreement, in the page's language.
    await page.goto(`/${j.locale}/checkout?unit=s&term=m2m`);
    await expect(page.getByText(MESSAGES[j.locale].checkout.privacyNoticeLead)).toBeVisible();
    await expect(page.getByRole('link', { name: MESSAGES[j.locale].checkout.privacyNoticeLink })).toHaveAttribute('href', `/${j.locale}/legal#privacy`);
    await page.context().close();
  }

  const staff = await thaiStaff(browser);
  const t = th.admin.privacy;
  await staff.goto('/admin/privacy');
  for (const j of journeys) {
    const withdrawal = staff.getByRole('row').filter({ hasText: j.email }).filter({ hasText: t.kinds.withdrawal });
    await expect(withdrawal).toContainText('Please delete my selfie');
    const row = staff.getByRole('row').filter({ hasText: j.email }).filter({ hasText: t.kinds.correction });
    await expect(row).toContainText('My last name is Privasi');
    // The form starts from the record as it is; what the customer agreed to is in the download.
    await expect(row.getByLabel(t.fields.lastName)).toHaveValue('Privacy');
    const [download] = await Promise.all([staff.waitForEvent('download'), row.getByRole('link', { name: t.downloadJson }).click()]);
    const json = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    expect(json.bookings[0].privacyNoticeVersion).toBeGreaterThan(0);
    // The booking review says which version the customer was given (booked on the English page).
    const review = await staff.context().newPage();
    await review.goto(`/admin/bookings?q=${j.reference}`);
    await review.getByRole('link', { name: j.reference }).first().click();
    await review.waitForURL(/\/admin\/booking-review\//);
    await expect(review.getByText(fill(th.admin.review.privacyNotice, { version: json.bookings[0].privacyNoticeVersion, language: 'EN' }))).toBeVisible();
    await review.close();
    await row.getByLabel(t.fields.lastName).fill('Privasi');
    await row.getByLabel(t.outcome).first().fill('แก้ไขนามสกุลแล้ว');
    await row.getByRole('button', { name: t.correct }).click();
    await expect(staff.getByRole('row').filter({ hasText: j.email }).filter({ hasText: t.kinds.correction })).toContainText('แก้ไขนามสกุลแล้ว');
  }
  await staff.context().close();

  for (const j of journeys) {
    const p = MESSAGES[j.locale].privacy.portal;
    const page = await customerPortal(browser, j);
    const correction = page.getByRole('region', { name: p.title }).getByRole('listitem').filter({ hasText: p.kinds.correction });
    await expect(correction).toContainText('แก้ไขนามสกุลแล้ว');
    await page.context().close();
  }
});
