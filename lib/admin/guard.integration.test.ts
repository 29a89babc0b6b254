import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { StaffUser } from '@/lib/auth/roles';

/**
 * The section wrappers, on the server: the role comes from lib/admin/sections.ts (settings and audit are admin-only,
 * units is staff), a role outside the section is refused the way pages, routes and actions refuse, and a role inside
 * gets the real thing done.
 */
const session = vi.hoisted(() => ({ user: null as StaffUser | null }));
vi.mock('@/lib/auth/staff', async (original) => ({ ...(await original<typeof import('@/lib/auth/staff')>()), getStaffUser: async () => session.user }));
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => null, signIn: async () => undefined, signOut: async () => undefined }));
vi.mock('next-auth', () => ({ AuthError: class extends Error {}, CredentialsSignin: class extends Error {} }));
vi.mock('@/lib/db', async () => {
  const { openTestDb } = await import('@/test/db');
  return { db: (await openTestDb()).db };
});

const { adminAction, adminPage, adminRoute } = await import('./guard');
const { addUnit } = await import('@/lib/catalog/commands');
const { db } = await import('@/lib/db');

const staff: StaffUser = { id: 'guard-staff', email: 'guard-staff@example.test', name: null, role: 'staff' };
const admin: StaffUser = { id: 'guard-admin', email: 'guard-admin@example.test', name: null, role: 'admin' };

/** What Next's redirect() / notFound() threw, as the address or status it carries. */
async function thrown(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'let through';
  } catch (error) {
    return String((error as { digest?: string }).digest ?? error);
  }
}

beforeAll(async () => {
  for (const u of [staff, admin]) await db.user.create({ data: { id: u.id, email: u.email, role: u.role } });
});
afterAll(() => {
  session.user = null;
});

describe('adminPage', () => {
  it('sends a visitor to the sign-in page', async () => {
    session.user = null;
    expect(await thrown(adminPage('units'))).toContain('/admin/sign-in');
  });

  it('answers 404 to staff in an admin-only section, and lets them into a staff section', async () => {
    session.user = staff;
    expect(await thrown(adminPage('settings'))).toMatch(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
    expect(await thrown(adminPage('audit'))).toMatch(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
    expect((await adminPage('units')).user).toEqual(staff);
    expect((await adminPage('bookingReview')).user).toEqual(staff);
  });

  it('lets an admin into every section', async () => {
    session.user = admin;
    expect((await adminPage('settings')).user).toEqual(admin);
    expect((await adminPage('units')).user).toEqual(admin);
  });
});

describe('adminRoute', () => {
  it('is null for a visitor and for staff in an admin-only section, the staff member otherwise', async () => {
    session.user = null;
    expect(await adminRoute('units')).toBeNull();
    session.user = staff;
    expect(await adminRoute('audit')).toBeNull();
    expect((await adminRoute('units'))?.user).toEqual(staff);
    session.user = admin;
    expect((await adminRoute('audit'))?.user).toEqual(admin);
  });
});

describe('adminAction', () => {
  const addUnitAction = adminAction('units', z.object({ unitTypeCode: z.string(), number: z.string().min(1) }), async (i, ctx) => {
    await addUnit(ctx.db, ctx.staff, i);
    return { number: i.number };
  });
  let ran = 0;
  const settingsAction = adminAction('settings', z.object({}), async (_i, ctx) => {
    ran += 1;
    return { by: ctx.staff.email };
  });

  it('refuses a role outside the section with the translated refusal, before the handler runs', async () => {
    session.user = staff;
    expect(await settingsAction({})).toEqual({ ok: false, error: 'forbidden', message: 'You are not allowed to do this.' });
    session.user = null;
    expect(await addUnitAction({ unitTypeCode: 'gb', number: 'G-901' })).toEqual({ ok: false, error: 'forbidden', message: 'You are not allowed to do this.' });
    expect(ran).toBe(0);
    expect(await db.unit.findUnique({ where: { number: 'G-901' } })).toBeNull();
  });

  it('lets a role inside the section do the real thing', async () => {
    session.user = admin;
    expect(await settingsAction({})).toEqual({ ok: true, data: { by: admin.email } });
    session.user = staff;
    expect(await addUnitAction({ unitTypeCode: 'gb', number: 'G-901' })).toEqual({ ok: true, data: { number: 'G-901' } });
    expect(await db.unit.findUnique({ where: { number: 'G-901' } })).toMatchObject({ number: 'G-901' });
  });

  it('translates an admin refusal thrown by the handler into the message staff read', async () => {
    session.user = staff;
    expect(await addUnitAction({ unitTypeCode: 'gb', number: 'G-901' })).toEqual({ ok: false, error: 'unit_exists', message: 'A unit with this number exists already.' });
    expect(await addUnitAction({ unitTypeCode: 'nope', number: 'G-902' })).toMatchObject({ ok: false, error: 'not_found' });
  });
});
