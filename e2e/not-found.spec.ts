import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import type En from '../messages/en.json';

// Read at run time: Playwright's loader cannot import JSON modules without import attributes.
const load = (l: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'messages', `${l}.json`), 'utf8')) as typeof En;
const MESSAGES = { en: load('en'), th: load('th'), ru: load('ru') } as const;
const prefix = (l: keyof typeof MESSAGES) => (l === 'en' ? '' : `/${l}`);

// Text as React writes it into HTML.
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

// Raw HTML, no browser: crawlers and visitors without JavaScript must get the page itself with the 404.
for (const locale of ['en', 'th', 'ru'] as const) {
  const m = MESSAGES[locale];
  for (const address of ['/nope', '/faq/x', '/nope.html']) {
    test(`${prefix(locale)}${address} answers 404 with the ${locale} not-found page in its HTML`, async ({ request }) => {
      const res = await request.get(`${prefix(locale)}${address}`, { maxRedirects: 0 });
      expect(res.status()).toBe(404);
      const body = await res.text();
      expect(body).toContain(`<html lang="${locale}"`);
      expect(body).not.toContain('__next_error__');
      expect(body).toContain(`<title>${html(`${m.meta.pages.notFound.title} | ${m.meta.siteName}`)}</title>`);
      expect(body).toMatch(/<meta name="robots" content="[^"]*noindex/);
      expect(body).toMatch(new RegExp(`<h1[^>]*>${html(m.notFound.title)}</h1>`));
      for (const text of [m.notFound.text, m.notFound.home, m.notFound.faq]) expect(body).toContain(html(text));
      // Header and footer, as on every page.
      expect(body).toContain(html(m.header.previewContract));
      expect(body).toContain(html(m.footer.tagline));
    });
  }
}
