import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffUser } from '@/lib/auth/staff';
import { expectedAdminRole } from '@/test/fixtures/admin-roles';
import { UNGUARDED_EXPORTS } from '@/test/admin-guard-scan';

/**
 * Every server action under app/admin, found from the file tree ('use server' files) (so a new actions file is covered the day it is
 * added), must refuse a visitor, a signed-in customer (who has no staff session either) and, in admin-only sections,
 * a staff member; staff sections must let staff through to validation (a server_error does not count as let through). Pages and routes are checked against the
 * running server in e2e/admin-access.spec.ts.
 */
const session = vi.hoisted(() => ({ user: null as StaffUser | null }));
vi.mock('@/lib/auth/staff', async (original) => ({ ...(await original<typeof import('@/lib/auth/staff')>()), getStaffUser: async () => session.user }));
// next-auth's own module graph does not load under vitest (extensionless next/server imports); the session is mocked above.
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => null, signIn: async () => undefined, signOut: async () => undefined }));
vi.mock('next-auth', () => ({ AuthError: class extends Error {}, CredentialsSignin: class extends Error {} }));
vi.mock('@/lib/db', async () => {
  const { openTestDb } = await import('@/test/db');
  return { db: (await openTestDb()).db };
});

// Actions that get through run their handler outside a Next request: cache revalidation has nothing to revalidate.
vi.mock('next/cache', async (original) => ({ ...(await original<typeof import('next/cache')>()), revalidatePath: () => undefined, revalidateTag: () => undefined, updateTag: () => undefined }));

/** Exports that are not `adminAction(…)` wrappers, each with why it needs no staff role (shared with app/admin/guards.test.ts). */
const UNGUARDED = UNGUARDED_EXPORTS;

const ROOT = path.join(process.cwd(), 'app', 'admin');
function actionFiles(dir = ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return actionFiles(p);
    // every server-action file, whatever its name (rate-suggestion-actions.ts, access-actions.ts …)
    return /\.ts$/.test(e.name) && !e.name.includes('.test.') && /^\s*'use server'/.test(fs.readFileSync(p, 'utf8')) ? [p] : [];
  });
}

const staff: StaffUser = { id: 'staff-1', email: 'staff@example.test', name: null, role: 'staff' };
const admin: StaffUser = { id: 'admin-1', email: 'admin@example.test', name: null, role: 'admin' };

describe('every admin server action checks the role on the server', () => {
  const files = actionFiles();
  beforeAll(async () => {
    expect(files.length).toBeGreaterThan(2);
    // The signed-in staff and admin are real accounts, so an action that needs no input runs for real.
    const { db } = await import('@/lib/db');
    for (const u of [staff, admin]) await db.user.create({ data: { id: u.id, email: u.email, role: u.role } });
  });
  afterAll(() => {
    session.user = null;
  });

  for (const file of files) {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    const folder = rel.includes('/') ? rel.split('/')[0] : '';
    it(`${rel}`, async () => {
      // Written out by hand (test/fixtures/admin-roles.ts), not read from lib/admin/sections.ts, which is under test.
      const role = expectedAdminRole(folder);
      const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      const exported = Object.entries(mod).filter(([, v]) => typeof v === 'function') as [string, (...a: unknown[]) => Promise<unknown>][];
      expect(exported.length).toBeGreaterThan(0);
      for (const [name, fn] of exported) {
        if (UNGUARDED[`${rel}#${name}`]) continue;
        expect(role, `${rel}#${name} is in a public folder but is not listed in UNGUARDED`).not.toBe('public');
        for (const [who, user] of [['visitor or customer', null], ['staff', staff], ['admin', admin]] as const) {
          session.user = user;
          const result = (await fn({})) as { ok: boolean; error?: string };
          const shouldRefuse = user === null || (role === 'admin' && user.role !== 'admin');
          // Refused means exactly 'forbidden'. Let through means the action got past the role check and answered
          // properly: done, or (for this empty input) the schema's validation refusal. A server_error is a crash,
          // not an allowed call, and fails here too.
          const outcome = result?.ok === true ? 'ok' : (result?.error ?? String(result));
          if (shouldRefuse) expect(outcome, `${rel}#${name} as ${who}`).toBe('forbidden');
          else expect(['ok', 'validation'], `${rel}#${name} as ${who} answered ${outcome}`).toContain(outcome);
        }
      }
    });
  }
});
