import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

/**
 * Every page carries its Content-Security-Policy and works under it (docs/product-rules.md#security-headers): pages
 * rendered per request run only scripts carrying the request's nonce; pages served from Next's cache (the public pages
 * and the wizard's first page) run only the inline scripts whose hashes their policy lists, computed when the page was
 * generated. No page allows 'unsafe-inline' scripts. A violation (a blocked script, style or connection) fails the test.
 */

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp = [...((window as unknown as { __csp?: string[] }).__csp ?? []), `${e.violatedDirective} ${e.blockedURI}`];
    });
  });
  return violations;
}

const scriptSrc = (csp: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';

/** The CSP source of each inline script of a document ('sha256-…'), as a browser computes it. */
function inlineHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\bsrc=/.test(m[1]))
    .map((m) => `'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
}

// Every page served from Next's cache, in three languages; the wizard's first page among them.
for (const path of ['/', '/th', '/faq', '/ru/space-calculator', '/greenbox', '/legal', '/mobile-features', '/booking-v2', '/th/booking-v2']) {
  test(`cached page ${path}: runs only the inline scripts its policy hashes, no 'unsafe-inline', no violation, interactive`, async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto(path);
    const csp = res!.headers()['content-security-policy'];
    const src = scriptSrc(csp);
    expect(src).not.toContain("'unsafe-inline'");
    expect(src).not.toContain('nonce-');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    // Every inline script of this very document is listed by its hash, and nothing else inline may run.
    const hashes = inlineHashes(await res!.text());
    expect(hashes.length).toBeGreaterThan(0);
    expect(src.split(' ').slice(1).sort()).toEqual(["'self'", ...new Set(hashes)].sort());
    // Served from Next's cache; a copy from the cache carries the policy made for its own bytes.
    await expect.poll(async () => (await page.request.get(path)).headers()['x-nextjs-cache'], { timeout: 15_000 }).toMatch(/^(HIT|STALE)$/);
    const again = await page.request.get(path);
    expect(scriptSrc(again.headers()['content-security-policy']).split(' ').slice(1).sort()).toEqual(["'self'", ...new Set(inlineHashes(await again.text()))].sort());
    // Hydrated: the chat button appears after a second on every public page; the wizard offers its units.
    if (path.endsWith('booking-v2')) await page.getByRole('button', { name: /^(Continue with This Unit|เลือกห้องนี้)/ }).first().waitFor();
    else await expect(page.getByRole('button', { name: /^(Chat with us|แชทกับเรา|Написать нам)$/ })).toBeVisible({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
    expect(violations).toEqual([]);
  });
}

test('the booking wizard works under its policy of hashes', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/booking-v2');
  await page.getByRole('button', { name: /^Continue with This Unit: Medium/ }).click();
  await expect(page.getByRole('heading', { name: 'Customer Type' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
  expect(violations).toEqual([]);
});

for (const path of ['/checkout?unit=m&term=6m', '/my-booking', '/admin/sign-in', '/no-such-page']) {
  test(`${path}: per-request nonce policy, no violation`, async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto(path);
    const src = scriptSrc(res!.headers()['content-security-policy']);
    expect(src).toContain("'strict-dynamic'");
    expect(src).not.toContain("'unsafe-inline'");
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
    expect(violations).toEqual([]);
  });
}

test('API answers and files carry the strict default policy and the other security headers', async ({ request }) => {
  for (const path of ['/api/health', '/api/unit-types', '/icons/icon-192.png']) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h['content-security-policy']).toContain("default-src 'none'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['strict-transport-security']).toContain('max-age=');
  }
});
