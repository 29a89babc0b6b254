import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One Bangkok-dates module (issue 39): dates are written out, and Bangkok midnights written, only in `lib/dates`. A
 * page, email or module that calls a locale formatter of Date, builds an Intl.DateTimeFormat or writes a `+07:00`
 * midnight of its own picks its own locale and zone, which is how English dates came out en-US on one page and en-GB
 * on the next. Tests may write fixed instants as they like; the code they test may not.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED = ['app', 'components', 'lib', 'emails'];
const HOME = 'lib/dates/';

const FORBIDDEN: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\.toLocale(Date|Time)?String\(/, what: 'a locale formatter of Date' },
  { pattern: /\bIntl\s*\.\s*DateTimeFormat\b/, what: 'Intl.DateTimeFormat' },
  { pattern: /T00:00:00(\.000)?\+07:00/, what: 'a Bangkok midnight written inline' },
];

const isSource = (file: string) => /\.(tsx?|mts|mjs|js)$/.test(file) && !/\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'generated' || e.name === 'node_modules' ? [] : sourceFiles(rel);
    return isSource(rel) ? [rel] : [];
  });
}

/** Each line outside lib/dates that formats a date or writes a Bangkok midnight itself, as 'file:line: what'. */
function datesOutsideModule(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) => {
    if (file.startsWith(HOME) || !isSource(file)) return [];
    return text.split('\n').flatMap((line, i) => FORBIDDEN.filter((f) => f.pattern.test(line)).map((f) => `${file}:${i + 1}: ${f.what}`));
  });
}

describe('dates are written out by lib/dates alone', () => {
  it('no page, component, email or module outside lib/dates formats a date or writes a Bangkok midnight', () => {
    const files = SCANNED.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain('lib/dates/bangkok.ts');
    const texts = Object.fromEntries(files.map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8')]));
    expect(datesOutsideModule(texts)).toEqual([]);
  });

  it('catches each way of doing it, and leaves lib/dates and the tests alone', () => {
    const planted = {
      'app/[locale]/x/page.tsx': "const a = d.toLocaleDateString('en-US');\nconst b = d.toLocaleString(locale, { timeZone: 'Asia/Bangkok' });\n",
      'app/admin/y/page.tsx': "const t = d.toLocaleTimeString('en-GB');\n",
      'components/z.tsx': "const f = new Intl.DateTimeFormat('en-GB', { month: 'long' });\n",
      'emails/w.tsx': 'const s = new Date(`${iso}T00:00:00+07:00`);\n',
      'lib/v.ts': "const n = (5).toFixed(2);\nconst m = new Date('2026-01-01T00:00:00.000+07:00');\n",
      'lib/dates/bangkok.ts': 'new Intl.DateTimeFormat(x).format(new Date(`${iso}T00:00:00+07:00`));\n',
      'lib/v.integration.test.ts': "const due = new Date('2026-03-01T00:00:00+07:00');\n",
    };
    expect(datesOutsideModule(planted)).toEqual([
      'app/[locale]/x/page.tsx:1: a locale formatter of Date',
      'app/[locale]/x/page.tsx:2: a locale formatter of Date',
      'app/admin/y/page.tsx:1: a locale formatter of Date',
      'components/z.tsx:1: Intl.DateTimeFormat',
      'emails/w.tsx:1: a Bangkok midnight written inline',
      'lib/v.ts:2: a Bangkok midnight written inline',
    ]);
  });
});
