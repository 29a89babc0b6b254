import { expect, test } from '@playwright/test';
import { signInStaff, waitForEmail } from './admin-helpers';

// Documents staff issue (docs/product-rules.md#documents-staff-issue): a cut-lock fee invoiced from the booking review,
// emailed to the tenant, then waived with a credit note whose PDF reads back; the invoice list finds both.
test.describe.configure({ mode: 'serial' });

const EMAIL = `cutlock-${Date.now()}@example.com`;
let reference = '';

/** The text of a PDF, read back with PDF.js (as lib/invoices/pdf.integration.test.ts does). */
async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false }).promise;
  let text = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? ' ' : '') : '')).join('') + ' ';
  }
  await doc.destroy();
  return text.replace(/\s+/g, ' ');
}

test('a tenant books and pays the first month at Stripe', async ({ page }) => {
  await page.goto('/checkout?unit=s&term=m2m');
  await page.getByLabel('First name').fill('Lek');
  await page.getByLabel('Last name').fill('Cutlock');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Phone number').fill(`08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`);
  await page.getByLabel('Address').fill('9 Rat-U-Thit Road, Patong, Phuket');
  await page.getByRole('radio', { name: /^PromptPay/ }).check();
  const agreement = page.getByRole('document', { name: 'Rental agreement text' });
  await agreement.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByLabel('I have read and agree to the rental agreement').check();
  await page.getByLabel('Digital signature: type your full name').fill('Lek Cutlock');
  await page.getByRole('button', { name: /^Book and pay/ }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  reference = (await page.getByTestId('booking-reference').textContent()) ?? '';
  expect(reference).toMatch(/^BF2-/);
});

test('staff issue a cut-lock fee invoice, then waive it with a credit note whose PDF reads back', async ({ page, request }) => {
  page.on('dialog', (d) => void d.accept());
  await signInStaff(page);
  await page.goto(`/admin/bookings?q=${reference}`);
  await page.getByRole('link', { name: reference }).click();
  await page.waitForURL(/\/admin\/booking-review\//);
  // The card payment confirms the booking (webhook): the form appears once the rental can be charged.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Issue an invoice' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByLabel(/^Cut-lock fee/).fill('1');
  await page.getByRole('button', { name: 'Issue invoice' }).click();

  const issued = page.getByRole('status').filter({ hasText: /Invoice INV-\d{4}-\d{6} issued and emailed to the customer\./ });
  await expect(issued).toBeVisible();
  const invoiceNumber = (await issued.textContent())!.match(/INV-\d{4}-\d{6}/)![0];
  await expect(page.getByText('Still due: ฿250')).toBeVisible();
  // The tenant is emailed the invoice with its pay link.
  const email = await waitForEmail(request, EMAIL, (e) => e.subject.includes(invoiceNumber));
  expect(email.html).toMatch(/\/pay-invoice\/[a-z0-9]+\?token=/);

  await page.getByLabel('Reason (printed on the credit note)').fill('Cut by mistake: the tenant had paid');
  await page.getByRole('button', { name: 'Issue credit note' }).click();
  const heading = page.getByRole('heading', { name: /^Credit note CN-\d{4}-\d{6}$/ });
  await expect(heading).toBeVisible();
  const noteNumber = (await heading.textContent())!.match(/CN-\d{4}-\d{6}/)![0];
  await expect(page.getByRole('status')).toHaveText(`Credit note ${noteNumber} issued.`);
  await expect(page.getByRole('link', { name: invoiceNumber })).toBeVisible();
  await expect(page.getByText('Cut by mistake: the tenant had paid')).toBeVisible();

  const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(await res.body());
  for (const field of ['ใบลดหนี้', 'Credit Note', noteNumber, invoiceNumber, reference, 'Lek Cutlock', 'Cut by mistake: the tenant had paid', 'Total credited', '250.00', 'VAT 7% on the difference', '16.00']) {
    expect(text, field).toContain(field);
  }

  // The waived invoice is void, and the invoice list finds it by number with its documents.
  await page.getByRole('link', { name: invoiceNumber }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`${invoiceNumber} · Fee · Void`) })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Invoices' }).click();
  await page.getByLabel('Search').fill(invoiceNumber);
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page.getByRole('row').filter({ hasText: invoiceNumber });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Void')).toBeVisible();
  await expect(row.getByRole('link', { name: 'PDF' })).toBeVisible();
});
