import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The e2e server's seeded admin (scripts/e2e-server.mjs). */
export const ADMIN = { email: 'admin@example.test', password: 'e2e-admin-password' };

export async function signInStaff(page: Page, who: { email: string; password: string } = ADMIN) {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

type SentEmail = { to: string | string[]; subject: string; html?: string };

/** Emails the Resend fake received for `to`, polled until `match` finds one. */
export async function waitForEmail(request: APIRequestContext, to: string, match: (e: SentEmail) => boolean): Promise<SentEmail> {
  const url = `http://127.0.0.1:${process.env.FAKE_RESEND_PORT ?? 3192}/__emails`;
  let found: SentEmail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await request.get(url)).json()) as SentEmail[];
        found = all.filter((e) => [e.to].flat().includes(to)).reverse().find(match);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in an email's HTML whose address matches. */
export function linkIn(html: string | undefined, pattern: RegExp): string {
  const href = [...(html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&')).find((h) => pattern.test(h));
  if (!href) throw new Error(`no link matching ${pattern}`);
  return href;
}
