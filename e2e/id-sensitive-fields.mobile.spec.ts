import { expect, test } from '@playwright/test';
import { bookAndPay, portalLink } from './access-helpers';
import { uniqueSlip } from '../test/fixtures/files';

// ID documents without sensitive fields (docs/product-rules.md#personal-data-pdpa): on a phone, in Thai and in Russian,
// the portal's identity upload tells the customer to cover the religion and blood type before they upload a Thai ID card.
test.describe.configure({ mode: 'serial' });

const CASES = [
  { locale: 'th', hint: 'หากเป็นบัตรประจำตัวประชาชน กรุณาปิดทับข้อมูลศาสนาและหมู่โลหิต', kind: 'บัตรประชาชน', file: 'ไฟล์เอกสาร', upload: 'อัปโหลดเอกสาร', pending: 'เรากำลังตรวจสอบเอกสารของคุณ' },
  { locale: 'ru', hint: 'Если это тайская ID-карта, закройте вероисповедание и группу крови', kind: 'Тайская ID-карта', file: 'Файл документа', upload: 'Загрузить документ', pending: 'Мы проверяем ваш документ.' },
] as const;

for (const c of CASES) {
  test(`${c.locale}: the customer is told to cover religion and blood type, then uploads the ID card`, async ({ page, request }) => {
    const email = `idcover-${c.locale}-${Date.now()}@example.com`;
    const reference = await bookAndPay(page, email, ['Somsri', 'Cover']);
    const link = await portalLink(request, email, reference);
    await expect(async () => {
      await page.goto(`/${c.locale}${link}`);
      await expect(page.getByText(c.hint)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole('combobox').filter({ hasText: c.kind }).selectOption({ label: c.kind });
    await page.getByLabel(c.file).setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
    await page.getByRole('button', { name: c.upload }).click();
    await expect(page.getByText(c.pending)).toBeVisible();
    // Once uploaded, the form and its hint give way to the check.
    await expect(page.getByText(c.hint)).toHaveCount(0);
  });
}
