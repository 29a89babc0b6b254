import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPECTED_ADMIN_ROLES } from '@/test/fixtures/admin-roles';
import { ADMIN_SECTIONS, roleForAdminFolder } from './sections';

/**
 * The one declaration of who may open what (docs/product-rules.md#staff-access-and-the-customer-portal), held to the
 * roles written out by hand in test/fixtures/admin-roles.ts: opening an admin-only section to staff fails here first.
 */
describe('the roles of the staff area', () => {
  const folders = fs
    .readdirSync(path.join(process.cwd(), 'app', 'admin'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_'))
    .map((e) => e.name);

  it('every folder of app/admin needs the role the product rules give it', () => {
    expect(folders.length).toBeGreaterThan(15);
    const declared = Object.fromEntries(['', ...folders].map((f) => [f, roleForAdminFolder(f)]));
    expect(declared).toEqual(EXPECTED_ADMIN_ROLES);
  });

  it('the menu offers staff only the daily work', () => {
    expect(ADMIN_SECTIONS.filter((s) => s.role === 'staff').map((s) => s.key)).toEqual(['dashboard', 'today', 'bookings', 'payments', 'invoices', 'units', 'waitingList', 'reviews', 'conversations']);
  });
});
