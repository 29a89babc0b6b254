import fs from 'node:fs';
import path from 'node:path';
import { areaForAdminFolder } from '@/lib/admin/sections';

/**
 * The file scan behind app/admin/guards.test.ts: every page, route and server action under app/admin goes through the
 * wrappers of lib/admin/guard.ts with the area its folder belongs to, reads the database only through lib/admin, and
 * reads the session itself only where listed below (with why).
 */
export interface AdminFile {
  /** path inside app/admin, with forward slashes */
  path: string;
  text: string;
}

/** Exported server functions that are not adminAction wrappers, each with why it needs no section role. */
export const UNGUARDED_EXPORTS: Record<string, string> = {
  'sign-in/actions.ts#signInStaff': 'the sign-in itself (limited per account and address)',
  'sign-in/actions.ts#setAdminLocale': 'sets a language cookie only',
  'account/actions.ts#signOutStaff': 'ends the caller’s own session only',
};

/** Files that read the session themselves rather than through a wrapper, each with why. */
export const SESSION_READERS: Record<string, string> = {
  '_components/nav.tsx': 'the menu shows a section only to those who may open it (it guards nothing)',
  'sign-in/page.tsx': 'a signed-in staff member is sent on to the dashboard',
  'account/actions.ts': 'signOutStaff ends a session only when there is one',
  'sign-in/actions.ts': 'the sign-in itself starts the session',
};

const SESSION_IMPORT = /from '@\/lib\/auth\/(staff|roles|next-auth)'/;
// The database client and its connection; the generated enums (plain values for filters) are no database access.
const DB_IMPORT = /from '(@\/lib\/db(\/[^']*)?|@\/generated\/prisma\/client|@prisma\/[^']*)'/;
const PRISMA_QUERY = /\b(db|tx)\.\w+\.(find\w*|count|aggregate|groupBy|create\w*|update\w*|delete\w*|upsert)\(|\$(queryRaw|executeRaw|transaction)/;
const GUARD_CALL = /\b(adminPage|adminRoute|adminAction)\(\s*'([A-Za-z]+)'/g;

export function readAdminFiles(root = path.join(process.cwd(), 'app', 'admin')): AdminFile[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return walk(p);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
    });
  return walk(root).map((p) => ({ path: path.relative(root, p).split(path.sep).join('/'), text: fs.readFileSync(p, 'utf8') }));
}

/** Files that import the database client or query it themselves, one line each; empty when all go through lib/admin. */
export function scanAdminDatabaseUse(files: AdminFile[]): string[] {
  return files.flatMap(({ path: rel, text }) => [
    ...(DB_IMPORT.test(text) ? [`${rel}: imports the database; read through lib/admin/<section>, write through the command in its domain`] : []),
    ...(PRISMA_QUERY.test(text) ? [`${rel}: queries the database itself; move the query into lib/admin/<section>`] : []),
  ]);
}

/** What is wrong, one line per problem; empty when every file goes through its wrapper. */
export function scanAdminFiles(files: AdminFile[]): string[] {
  const problems: string[] = [];
  for (const { path: rel, text } of files) {
    const name = rel.split('/').pop()!;
    const folder = rel.includes('/') ? rel.split('/')[0] : '';
    const shared = folder.startsWith('_');
    const area = shared ? null : areaForAdminFolder(folder);
    const isServer = /^\s*['"]use server['"]/.test(text);
    if (!shared && area === null) problems.push(`${rel}: app/admin/${folder} is no area of lib/admin/sections.ts`);
    if (SESSION_IMPORT.test(text) && !SESSION_READERS[rel]) problems.push(`${rel}: reads the session itself; use the wrappers of lib/admin/guard.ts`);
    if (/from '@\/lib\/actions\/action'/.test(text) && /\baction\b[^']*from '@\/lib\/actions\/action'/.test(text) && area !== 'public') {
      problems.push(`${rel}: uses action() directly; use adminAction('<section>', …)`);
    }
    for (const m of text.matchAll(GUARD_CALL)) {
      if (m[2] !== area) problems.push(`${rel}: ${m[1]}('${m[2]}') in the folder of ${area === null ? 'no area' : `'${area}'`}`);
    }
    if (area === 'public' || area === null) {
      if (isServer) {
        for (const m of text.matchAll(/^export (?:const|async function|function) (\w+)/gm)) {
          if (!UNGUARDED_EXPORTS[`${rel}#${m[1]}`]) problems.push(`${rel}#${m[1]}: a public server function not listed in UNGUARDED_EXPORTS`);
        }
      }
      continue;
    }
    if (name === 'page.tsx' && !text.includes(`adminPage('${area}')`)) problems.push(`${rel}: the page does not call adminPage('${area}')`);
    if (name === 'route.ts' && !text.includes(`adminRoute('${area}')`)) problems.push(`${rel}: the route does not call adminRoute('${area}')`);
    if (isServer) {
      // The wrapper's call may break after its parenthesis (a long schema formatted over several lines).
      for (const m of text.matchAll(/^export (const|async function|function) (\w+)(?: = adminAction\(\s*'([\w-]+)',)?/gm)) {
        const key = `${rel}#${m[2]}`;
        if (UNGUARDED_EXPORTS[key]) continue;
        if (m[1] !== 'const' || m[3] !== area) problems.push(`${key}: not an adminAction('${area}', …)`);
      }
    }
  }
  return problems;
}
