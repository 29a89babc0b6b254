import { expect, type APIRequestContext, type Cookie, type Page } from '@playwright/test';

/** The e2e server's seeded admin (scripts/e2e-server.mjs). */
export const ADMIN = { email: 'admin@example.test', password: 'e2e-admin-password' };

/**
 * Staff sessions this worker opened through the sign-in form, by email. A worker talks to one server of its own
 * (playwright.config.ts) and runs one spec at a time, so its specs can share them: a spec whose subject is not the
 * sign-in itself starts from a copy of the session cookie instead of the form (the form, its password check and its
 * dashboard once per worker, not once per spec). The form itself stays tested: each worker's first staff sign-in,
 * every new account's (admin-access, staff-lists), the wrong-password spec and two-servers.spec.ts go through it.
 */
const sessions = new Map<string, Cookie[]>();

/**
 * `page` signed in as `who`, on the dashboard. With a saved session: the cookie, then the dashboard. A session that
 * no longer opens the staff area (signing out ends every copy of it, e2e/staff-sign-out.spec.ts) lands on the
 * sign-in page instead, and the form is used once more.
 */
export async function signInStaff(page: Page, who: { email: string; password: string } = ADMIN) {
  const saved = sessions.get(who.email);
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto('/admin');
    if (new URL(page.url()).pathname !== '/admin/sign-in') {
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      return;
    }
    sessions.delete(who.email);
  }
  await signInThroughForm(page, who);
  sessions.set(who.email, (await page.context().cookies()).filter((c) => /session-token/.test(c.name)));
}

/** The staff sign-in form, as a person fills it in, landing on the dashboard. */
export async function signInThroughForm(page: Page, who: { email: string; password: string } = ADMIN) {
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

export type GateReceived = { id: string; action: string; booking: string | null; unit: string | null; pin?: string | null; idempotencyKey: string | null };
const CRON = 'Bearer e2e-cron-secret-0123456789';

/**
 * Runs the `tasks` job (the task worker delivers each change's `gate.push` task,
 * docs/product-rules.md#identity-and-gate-access) until the fake gate controller (test/fakes/gate-server.ts, which
 * accepts only correctly signed requests) has accepted the changes of `reference` that `match` wants; returns them
 * in the order received. A run the scheduler already took answers 409: polled again.
 */
export async function waitForGate(request: APIRequestContext, reference: string, match: (changes: GateReceived[]) => boolean): Promise<GateReceived[]> {
  const url = `http://127.0.0.1:${process.env.FAKE_GATE_PORT ?? 3195}/__received`;
  let found: GateReceived[] = [];
  await expect
    .poll(
      async () => {
        const run = await request.post('/api/cron/tasks', { headers: { authorization: CRON } });
        expect([200, 409]).toContain(run.status());
        found = ((await (await request.get(url)).json()) as GateReceived[]).filter((c) => c.booking === reference);
        return match(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

/** The requests the fake gate controller refused (a bad signature or timestamp). */
export async function gateRefusals(request: APIRequestContext): Promise<unknown[]> {
  return (await (await request.get(`http://127.0.0.1:${process.env.FAKE_GATE_PORT ?? 3195}/__refused`)).json()) as unknown[];
}
