import { describe, expect, it } from 'vitest';
import { readAdminFiles, scanAdminDatabaseUse, scanAdminFiles, type AdminFile } from '@/test/admin-guard-scan';

/**
 * Every page, route and server action of app/admin names its section to lib/admin/guard.ts (the role comes from the
 * one declaration in lib/admin/sections.ts) and reads the database only through lib/admin; what the wrappers do with
 * the role is proven in lib/admin/guard.integration.test.ts and app/admin/access.integration.test.ts.
 */
describe('admin files go through the section wrappers', () => {
  const files = readAdminFiles();

  it('finds the pages, routes and actions of app/admin', () => {
    expect(files.filter((f) => f.path.endsWith('page.tsx')).length).toBeGreaterThan(20);
    expect(files.filter((f) => f.path.endsWith('route.ts')).length).toBeGreaterThan(5);
    expect(files.filter((f) => /^\s*'use server'/.test(f.text)).length).toBeGreaterThan(15);
  });

  it('every one of them goes through its wrapper, with its own section', () => {
    expect(scanAdminFiles(files)).toEqual([]);
  });

  it('no file under app/admin imports the database client or queries it: pages read through lib/admin', () => {
    expect(scanAdminDatabaseUse(files)).toEqual([]);
  });

  it('catches a planted database import and a query written in a page', () => {
    const text = `import { db } from '@/lib/db';\nexport default async function P() {\n  await adminPage('units');\n  return db.unit.count();\n}\n`;
    expect(scanAdminDatabaseUse([...files, { path: 'units/planted/page.tsx', text }])).toEqual([
      'units/planted/page.tsx: imports the database; read through lib/admin/<section>, write through the command in its domain',
      'units/planted/page.tsx: queries the database itself; move the query into lib/admin/<section>',
    ]);
    const handed = `export default async function P() {\n  const { db } = await adminPage('units');\n  return db.$queryRaw\`SELECT 1\`;\n}\n`;
    expect(scanAdminDatabaseUse([{ path: 'units/planted/page.tsx', text: handed }])).toEqual(['units/planted/page.tsx: queries the database itself; move the query into lib/admin/<section>']);
  });

  // Planted bypasses: each must be caught, so the scan above cannot pass by finding nothing.
  const plant = (file: AdminFile) => scanAdminFiles([...files, file]);
  const page = (body: string): AdminFile => ({ path: 'units/planted/page.tsx', text: `export default async function P() {\n  ${body}\n  return null;\n}\n` });

  it('catches a page without the wrapper, or with another section', () => {
    expect(plant(page('const x = 1;'))).toEqual(["units/planted/page.tsx: the page does not call adminPage('units')"]);
    expect(plant(page("await adminPage('settings');"))).toContain("units/planted/page.tsx: adminPage('settings') in the folder of 'units'");
  });

  it('catches a page that checks the session by hand', () => {
    const text = `import { getStaffUser } from '@/lib/auth/staff';\nexport default async function P() {\n  await adminPage('units');\n  return (await getStaffUser()) ? 1 : null;\n}\n`;
    expect(plant({ path: 'units/planted/page.tsx', text })).toEqual(['units/planted/page.tsx: reads the session itself; use the wrappers of lib/admin/guard.ts']);
  });

  it('catches a route without the wrapper', () => {
    expect(plant({ path: 'audit/planted/route.ts', text: 'export async function GET() {\n  return new Response("all the audit");\n}\n' })).toEqual([
      "audit/planted/route.ts: the route does not call adminRoute('audit')",
    ]);
  });

  it('catches an action written with action() or as a bare server function', () => {
    const text = `'use server';\nimport { action } from '@/lib/actions/action';\nexport const a = action(schema, async () => null, { role: 'staff' });\nexport async function b() {}\n`;
    expect(plant({ path: 'settings/planted-actions.ts', text })).toEqual([
      'settings/planted-actions.ts: uses action() directly; use adminAction(\'<section>\', …)',
      "settings/planted-actions.ts#a: not an adminAction('settings', …)",
      "settings/planted-actions.ts#b: not an adminAction('settings', …)",
    ]);
  });

  it('catches a folder with no section and an unlisted public server function', () => {
    expect(plant({ path: 'reports/page.tsx', text: 'export default function P() { return null; }' })).toContain('reports/page.tsx: app/admin/reports is no area of lib/admin/sections.ts');
    expect(plant({ path: 'sign-in/more-actions.ts', text: "'use server';\nexport async function resetEveryone() {}\n" })).toEqual([
      'sign-in/more-actions.ts#resetEveryone: a public server function not listed in UNGUARDED_EXPORTS',
    ]);
  });
});
