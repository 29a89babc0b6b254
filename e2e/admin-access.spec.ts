import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectedAdminRole } from '../test/fixtures/admin-roles';
import { signInStaff } from './admin-helpers';

/**
 * Every page and route under app/admin, listed from the file tree (a new one is checked the day it is added): a
 * visitor (or a customer: the portal session is not a staff session) is sent to the sign-in page or gets 404, staff
 * get 404 where admin is needed, and the admin gets each page (so the refusals are not a broken page).
 */
const SAMPLE: Record<string, string> = { code: 'm', kind: 'bookings', id: 'not-a-real-id', invoiceId: 'not-a-real-id', noteId: 'not-a-real-id', ref: 'BF2-00000000' };

/** Routes that answer 400 without their query: fetched with one that names nobody real. */
const QUERY: Record<string, string> = { '/admin/privacy/export': '?email=nobody%40example.test' };

type Entry = { url: string; kind: 'page' | 'route'; role: 'admin' | 'staff' | 'public'; dynamic: boolean };

function entries(dir = path.join(process.cwd(), 'app', 'admin'), segments: string[] = []): Entry[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e): Entry[] => {
    if (e.isDirectory()) return e.name.startsWith('_') ? [] : entries(path.join(dir, e.name), [...segments, e.name]);
    if (e.name !== 'page.tsx' && e.name !== 'route.ts') return [];
    // Written out by hand (test/fixtures/admin-roles.ts), not read from lib/admin/sections.ts, which is under test.
    const role = expectedAdminRole(segments[0] ?? '');
    const parts = segments.map((s) => {
      const m = /^\[(\w+)\]$/.exec(s);
      if (!m) return s;
      if (!SAMPLE[m[1]]) throw new Error(`add a sample value for [${m[1]}] to this test`);
      return SAMPLE[m[1]];
    });
    const url = `/admin${parts.length ? `/${parts.join('/')}` : ''}`;
    return [{ url: url + (QUERY[url] ?? ''), kind: e.name === 'page.tsx' ? 'page' : 'route', role, dynamic: segments.some((s) => s.startsWith('[')) }];
  });
}

const ALL = entries();
/** A dynamic address filled with a sample that names nothing real (only the unit type `m` and the `bookings` export exist). */
const missing = (e: Entry) => e.dynamic && !e.url.endsWith('/m') && !e.url.endsWith('/bookings');

test('visitors are sent to sign in (pages) or get 404 (routes) everywhere under /admin', async ({ request }) => {
  expect(ALL.length).toBeGreaterThan(15);
  for (const e of ALL) {
    const res = await request.get(e.url, { maxRedirects: 0 });
    if (e.role === 'public') expect(res.status(), e.url).toBe(200);
    else if (e.kind === 'page') {
      expect(res.status(), e.url).toBe(307);
      expect(res.headers().location, e.url).toContain('/admin/sign-in');
    } else expect(res.status(), e.url).toBe(404);
  }
});

test('staff get 404 on admin-only pages and routes; the admin opens every page', async ({ page, browser }) => {
  // About a hundred pages, each rendered for two roles: more than one journey's minute on a loaded two-core machine.
  test.setTimeout(180_000);
  await signInStaff(page);
  for (const e of ALL.filter((x) => !x.dynamic || x.role === 'admin')) {
    const res = await page.request.get(e.url, { maxRedirects: 0 });
    // Every fetched status is asserted: a sample id that does not exist is a 404, not a broken page.
    expect(res.status(), `admin ${e.url}`).toBe(e.url === '/admin/sign-in' ? 307 : missing(e) ? 404 : 200);
  }

  // A staff account, made the way an admin makes one.
  await page.goto('/admin/staff');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create account' }) });
  const staff = { email: `staff-${Date.now()}@example.test`, password: 'staff-password-123' };
  await form.getByLabel('Email').fill(staff.email);
  await form.getByLabel('First password').fill(staff.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Account created.')).toBeVisible();

  const context = await browser.newContext();
  const staffPage = await context.newPage();
  await signInStaff(staffPage, staff);
  await expect(staffPage.getByRole('link', { name: 'Staff users' })).toHaveCount(0);
  for (const e of ALL.filter((x) => x.role !== 'public')) {
    const res = await staffPage.request.get(e.url, { maxRedirects: 0 });
    expect(res.status(), `staff ${e.url}`).toBe(e.role === 'admin' || missing(e) ? 404 : 200);
  }
  await context.close();
});

test('repeated wrong passwords make the next try wait, growing, with a clear message (never a lock)', async ({ page }) => {
  await page.goto('/admin/sign-in');
  const email = `nobody-${Date.now()}@example.test`;
  await page.getByLabel('Email').fill(email);
  const attempt = async (password: string) => {
    await page.getByLabel('Password').fill(password);
    await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Sign in' }).click()]);
  };
  const problem = page.getByRole('alert').filter({ hasText: /\w/ });
  // Three failures are free; each one after makes the next try wait 2, 4, 8 … seconds (lib/auth/sign-in.ts).
  for (let i = 0; i < 4; i++) {
    await attempt(`wrong-password-${i}`);
    await expect(problem).toHaveText('Wrong email or password.');
  }
  const waiting = /Too many sign-in attempts\. Please wait \d+ seconds? and try again\./;
  for (let i = 0; i < 6 && !waiting.test((await problem.textContent()) ?? ''); i++) await attempt(`wrong-password-again-${i}`);
  await expect(problem).toHaveText(waiting);
  // What was typed stays.
  await expect(page.getByLabel('Email')).toHaveValue(email);
});
