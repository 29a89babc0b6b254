import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { msg, pathIn, pattern } from './fixtures/locales';

/**
 * Every link a Thai or Russian customer is given leads somewhere (issue 37): the links of every email their rental
 * sends (booking, receipt, invoice, sign-in) and of every portal and invoice page, followed one by one: none answers
 * 404 and none carries a doubled language prefix (`/th/th/…`, docs/product-rules.md#links-in-every-language).
 */
const RESEND = `http://127.0.0.1:${process.env.FAKE_RESEND_PORT ?? 3192}`;
const CRON = 'Bearer e2e-cron-secret-0123456789';
const DOUBLED = /^\/(en|th|ru)\/(en|th|ru)(\/|$)/;

type Mail = { to: string; subject: string; html: string };
const mailsTo = async (request: APIRequestContext, to: string) => ((await (await request.get(`${RESEND}/__emails`)).json()) as Mail[]).filter((e) => e.to === to);
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));

/** Follows each of the site's links (others, mailto:, tel: are left out) and expects a page. */
async function follow(request: APIRequestContext, links: string[], origin: string, from: string) {
  const own = [...new Set(links)].map((h) => new URL(h, origin)).filter((u) => u.origin === origin);
  expect(own.length, `links on ${from}`).toBeGreaterThan(0);
  for (const url of own) {
    expect(url.pathname, `${url} on ${from}`).not.toMatch(DOUBLED);
    const res = await request.get(url.pathname + url.search);
    expect(res.status(), `${url.pathname} on ${from}`).not.toBe(404);
    expect(res.status(), `${url.pathname} on ${from}`).toBeLessThan(500);
  }
  return own.length;
}

async function pageLinks(page: Page): Promise<string[]> {
  return page.locator('main a[href], section a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
}

const bangkokToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());

for (const locale of ['th', 'ru'] as const) {
  test(`in ${locale}, every link of the rental's emails and of its portal and invoice pages opens a page`, async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    const m = msg(locale);
    const origin = new URL(baseURL!).origin;
    const email = `links-${locale}-${Date.now()}@example.com`;

    // A rental paid at the provider (its confirmation and receipt), then next month's invoice, then a sign-in link.
    await page.goto(pathIn(locale, '/checkout?unit=m1&term=m2m'));
    const c = m.checkout;
    await page.getByLabel(c.firstName, { exact: true }).fill('Lek');
    await page.getByLabel(c.lastName, { exact: true }).fill('Links');
    await page.getByLabel(c.email, { exact: true }).fill(email);
    await page.getByLabel(c.phone, { exact: true }).fill(`08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`);
    await page.getByLabel(c.address, { exact: true }).fill('7 Soi Ta-iad, Chalong, Phuket');
    await page.getByRole('radio', { name: new RegExp(`^${c.methods.promptpay}`) }).check();
    await page.getByRole('document', { name: c.agreementLabel }).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.getByLabel(c.agree).check();
    await page.getByLabel(c.signature).fill('Lek Links');
    await page.getByRole('button', { name: pattern(c.submit) }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('booking-reference')).toHaveText(/^BF2-[0-9A-Z]{8}$/);
    await follow(request, await pageLinks(page), origin, page.url());

    const start = bangkokToday();
    // Noon in Bangkok 7 days before the same day next month (clamped to the month's end): next month's invoice is issued.
    const [y, mo, d] = start.split('-').map(Number);
    const day = Math.min(d, new Date(Date.UTC(y, mo + 1, 0)).getUTCDate());
    const next = new Date(Date.UTC(y, mo, day, 5) - 7 * 86_400_000).toISOString();
    expect((await request.post(`/api/cron/billing?now=${encodeURIComponent(next)}`, { headers: { authorization: CRON } })).status()).toBe(200);
    expect((await request.post('/api/cron/tasks', { headers: { authorization: CRON } })).status()).toBe(200);
    await page.goto(pathIn(locale, '/my-booking'));
    await page.getByLabel(m.portal.signIn.email).fill(email);
    await page.getByRole('button', { name: m.portal.signIn.send }).click();
    await expect(page.getByRole('status')).toHaveText(m.portal.signIn.sent);
    await expect.poll(async () => (await mailsTo(request, email)).some((e) => e.subject === m.portalEmails.signIn.subject)).toBe(true);
    await expect.poll(async () => (await mailsTo(request, email)).some((e) => /\/pay-invoice\//.test(e.html))).toBe(true);

    // Every link of every email, in the customer's language.
    const mails = await mailsTo(request, email);
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails) {
      const links = hrefs(mail.html);
      for (const h of links.filter((l) => l.startsWith(origin))) expect(new URL(h).pathname, `${h} in "${mail.subject}"`).toMatch(new RegExp(`^/${locale}(/|$)|^/api/`));
      await follow(request, links, origin, `email "${mail.subject}"`);
    }

    // Every link of the portal, the invoice and each way to pay it.
    const portal = hrefs(mails.map((e) => e.html).join('')).find((h) => /\/my-booking\/BF2-[0-9A-Z]{8}\?token=/.test(h))!;
    const payLink = hrefs(mails.map((e) => e.html).join('')).find((h) => /\/pay-invoice\//.test(h))!;
    await page.goto(portal);
    await follow(request, await pageLinks(page), origin, 'portal');
    await page.goto(payLink);
    await expect(page.getByRole('heading', { name: pattern(m.payment.pay.title) })).toBeVisible();
    const payPage = await pageLinks(page);
    await follow(request, payPage, origin, 'pay-invoice');
    for (const name of [m.payment.pay.viewInvoice, m.payment.pay.promptpayQr, m.payment.pay.cryptoLink, m.payment.pay.bankLink]) {
      await page.goto(payLink);
      await page.getByRole('link', { name }).first().click();
      await page.waitForURL((u) => u.href !== payLink);
      expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/${locale}/`));
      // The new page's own links, once it has rendered them (not the page being left).
      await expect(page.locator('main a[href], section a[href]').first()).toBeAttached();
      await follow(request, await pageLinks(page), origin, name);
    }
  });
}
