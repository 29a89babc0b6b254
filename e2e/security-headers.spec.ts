import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

/**
 * Every page carries its Content-Security-Policy and works under it (docs/product-rules.md#security-headers): pages
 * with customer data run only scripts carrying the request's nonce; the wizard's cached shell runs only inline scripts
 * whose hashes its policy lists; cached public pages keep a nonce-free policy.
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

for (const path of ['/booking-v2', '/th/booking-v2']) {
  test(`the booking wizard ${path} is a cached shell that runs only the inline scripts its policy hashes, and works`, async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto(path);
    const csp = res!.headers()['content-security-policy'];
    const src = scriptSrc(csp);
    expect(src).not.toContain("'unsafe-inline'");
    expect(src).not.toContain('nonce-');
    expect(csp).toContain("frame-ancestors 'none'");
    // Every inline script of the document is listed by its hash, and nothing else inline may run.
    const html = await res!.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1])).map((m) => m[2]);
    expect(inline.length).toBeGreaterThan(0);
    const hashes = await page.evaluate(async (scripts) => {
      const out: string[] = [];
      for (const s of scripts) {
        const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s));
        out.push(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
      }
      return out;
    }, inline);
    expect(src.split(' ').slice(1).sort()).toEqual(["'self'", ...new Set(hashes)].sort());
    // Served from cache, and a replayed copy carries the policy made for its own bytes.
    await expect.poll(async () => (await page.request.get(path)).headers()['x-response-cache'], { timeout: 15_000 }).toBe('HIT');
    const again = await page.request.get(path);
    const replayed = [...(await again.text()).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/\bsrc=/.test(m[1]))
      .map((m) => `'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
    expect(scriptSrc(again.headers()['content-security-policy']).split(' ').slice(1).sort()).toEqual(["'self'", ...new Set(replayed)].sort());
    await page.getByRole('button', { name: /^(Continue with This Unit|เลือกห้องนี้)/ }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
    expect(violations).toEqual([]);
  });
}

test('the booking wizard works under its hashed policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/booking-v2');
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
