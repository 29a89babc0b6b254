// The site's routes as the app/ folder declares them, to check a link without a server: a path that no page or route
// handler answers (a doubled language prefix such as /th/th/…, a page that was moved) is a 404 for the customer.
// Used by lib/email/every-template-links.integration.test.ts. Not imported by app code.
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@/lib/i18n/routing';

const APP = path.join(import.meta.dirname, '..', 'app');

/** A folder name as a regular expression piece: [id] one segment, [...all] one or more, [[...all]] none or more. */
function segment(name: string): string {
  if (/^\[\[\.\.\.\w+\]\]$/.test(name)) return '(?:/.*)?';
  if (/^\[\.\.\.\w+\]$/.test(name)) return '/.+';
  if (/^\[\w+\]$/.test(name)) return '/[^/]+';
  return `/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
}

function walk(dir: string, parts: string[], out: string[][]) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      // Private folders (_x) hold no routes; route groups ((x)) add no segment.
      if (entry.name.startsWith('_')) continue;
      walk(path.join(dir, entry.name), /^\(.*\)$/.test(entry.name) ? parts : [...parts, entry.name], out);
    } else if (/^(page|route)\.(tsx?|jsx?)$/.test(entry.name)) {
      out.push(parts);
    }
  }
}

let cache: { localized: RegExp[]; other: RegExp[] } | null = null;
function routes() {
  if (cache) return cache;
  const all: string[][] = [];
  walk(APP, [], all);
  const toRe = (parts: string[]) => new RegExp(`^${parts.map(segment).join('') || '/'}/?$`);
  cache = {
    localized: all.filter((p) => p[0] === '[locale]').map((p) => toRe(p.slice(1))),
    other: all.filter((p) => p[0] !== '[locale]').map(toRe),
  };
  return cache;
}

const PUBLIC = path.join(import.meta.dirname, '..', 'public');

/**
 * Whether the site answers `pathname` with a page, a route handler or a public file. Pages live under app/[locale]
 * and are reached with at most one language prefix (none for English), so '/th/th/faq' is not a route.
 */
export function isAppRoute(pathname: string): boolean {
  const { localized, other } = routes();
  if (other.some((re) => re.test(pathname))) return true;
  const prefix = new RegExp(`^/(?:${LOCALES.join('|')})(?=/|$)`);
  const bare = pathname.replace(prefix, '') || '/';
  if (localized.some((re) => re.test(bare))) return true;
  const file = path.join(PUBLIC, decodeURIComponent(pathname));
  return file.startsWith(PUBLIC + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile();
}
