import { expect, test, type Page } from '@playwright/test';

/**
 * Every page carries its Content-Security-Policy and works under it (docs/product-rules.md#security-headers): pages
 * with customer data run only scripts carrying the request's nonce; cached public pages keep a nonce-free policy.
 * A violation (a blocked script, style or connection) fails the test.
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

for (const path of ['/', '/th', '/faq', '/ru/space-calculator', '/greenbox', '/legal', '/mobile-features', '/no-such-page']) {
  test(`cached public page ${path}: nonce-free policy, no violation, still interactive`, async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto(path);
    const csp = res!.headers()['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(scriptSrc(csp)).not.toContain('nonce-');
    // Hydrated: the chat button appears after a second on every public page.
    await expect(page.getByRole('button', { name: /^(Chat with us|แชทกับเรา|Написать нам)$/ })).toBeVisible({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
    expect(violations).toEqual([]);
  });
}

test('the booking wizard runs only scripts with the request nonce, and works', async ({ page }) => {
  const violations = await watchViolations(page);
  const res = await page.goto('/booking-v2');
  const csp = res!.headers()['content-security-policy'];
  const src = scriptSrc(csp);
  expect(src).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(src).toContain("'strict-dynamic'");
  expect(src).not.toContain("'unsafe-inline'");
  // A fresh nonce per request.
  const again = await page.request.get('/booking-v2');
  expect(scriptSrc(again.headers()['content-security-policy'])).not.toBe(src);
  await page.getByRole('button', { name: /^Continue with This Unit: Medium/ }).click();
  await expect(page.getByRole('heading', { name: 'Customer Type' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
  expect(violations).toEqual([]);
});

for (const path of ['/checkout?unit=m&term=6m', '/my-booking', '/admin/sign-in']) {
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
