import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No file under app/ imports the database client: pages, actions and routes call lib's read models and commands by
 * feature (lib/portal/view.ts, lib/admin/booking-review-view.ts …), which own their queries. The admin area gets its
 * handle from its guard (app/admin/guards.test.ts); everything else imports no database module at all. Types and enums
 * from the generated client (`@/generated/prisma/enums`) are plain values and stay allowed.
 */
const DATABASE_MODULES = [/^@\/lib\/db(\/.*)?$/, /^@\/generated\/prisma\/client$/, /^@prisma\/client$/, /^@prisma\/adapter-/, /^@electric-sql\/pglite/];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(tsx?|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p.split(path.sep).join('/')] : [];
  });
}

/** Every module a file names: static imports and re-exports, side-effect imports, dynamic import(). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

export function databaseImports(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((m) => m[1]).filter((s) => DATABASE_MODULES.some((re) => re.test(s)));
}

describe('no file in app/ imports the database client', () => {
  const files = sources('app').map((file) => ({ file, found: databaseImports(fs.readFileSync(file, 'utf8')) }));

  it('reads every page, action and route of app/', () => {
    expect(files.length).toBeGreaterThan(150);
  });

  it('no page, action or route imports it', () => {
    expect(files.filter((f) => f.found.length).map((f) => `${f.file} → ${f.found.join(', ')}`)).toEqual([]);
  });

  it('sees the client however it is imported (the scan itself is checked)', () => {
    expect(databaseImports("import { db } from '@/lib/db';")).toEqual(['@/lib/db']);
    expect(databaseImports("import type { Db } from '@/lib/db/client';")).toEqual(['@/lib/db/client']);
    expect(databaseImports("const { db } = await import('@/lib/db');")).toEqual(['@/lib/db']);
    expect(databaseImports("import { PrismaClient } from '@/generated/prisma/client';")).toEqual(['@/generated/prisma/client']);
    expect(databaseImports("import { BookingStatus } from '@/generated/prisma/enums';\nimport { x } from '@/lib/dbx';")).toEqual([]);
  });
});
