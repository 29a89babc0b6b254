import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '@/lib/platform/mail/send';
import { EMAIL_PREVIEWS, PREVIEW_LOCALES, type EmailPreviewName } from './previews';

describe("an email's plain text (lib/platform/mail/send.ts renderEmail)", () => {
  const cases = (Object.keys(EMAIL_PREVIEWS) as EmailPreviewName[]).flatMap((name) => PREVIEW_LOCALES.map((locale) => ({ name, locale })));

  it.each(cases)('$name in $locale: the text part is what react-email writes for the template', async ({ name, locale }) => {
    const element = EMAIL_PREVIEWS[name](locale);
    const [sent, own] = await Promise.all([renderEmail(element), render(element, { plainText: true })]);
    expect(sent.text.length).toBeGreaterThan(200);
    expect(sent.text).toBe(own);
  });
});
