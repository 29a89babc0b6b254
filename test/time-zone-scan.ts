import fs from 'node:fs';
import path from 'node:path';

/**
 * Which unit tests can depend on the machine's time zone, for vitest.config.ts: those run a second time, in
 * Asia/Bangkok, and they are the `*.tz.test.ts` files (test/time-zone-set.test.ts holds the names to this scan).
 *
 * A file "touches dates" when it, or a module of this repository it imports (directly or through others, static or
 * dynamic imports alike), calls something whose answer follows the machine's zone: the local getters and setters of
 * Date, the local Date constructor, the locale formatters, Intl.DateTimeFormat, an explicit time zone, date-fns or
 * @date-fns/tz. Packages other than those two are not followed.
 */
export const ZONE_SENSITIVE: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\.(get|set)(Hours|Date|Day|Month|FullYear|Minutes|TimezoneOffset)\(/, what: 'a local getter or setter of Date' },
  { pattern: /new Date\(\s*\d+\s*,/, what: 'the local Date constructor' },
  { pattern: /\.to(Locale(Date|Time)?|Date|Time)String\(/, what: 'a locale or local formatter of Date' },
  { pattern: /DateTimeFormat|\.dateTime\(/, what: 'a date formatter' },
  { pattern: /\btime_?zone\s*:|process\.env\.TZ\b/i, what: 'a time zone' },
  { pattern: /from ['"](date-fns|@date-fns\/tz)['"/]/, what: 'date-fns' },
];

/** Files that name the patterns above, or imports, in strings without calling them (the scans and their tests). */
const NOT_SCANNED = new Set(['test/time-zone-scan.ts', 'test/time-zone-set.test.ts', 'test/unit-stage.test.ts', 'test/dates-one-module.test.ts']);

export const isZoneTest = (file: string) => /\.tz\.test\.tsx?$/.test(file);
export const isUnitTest = (file: string) => /\.test\.tsx?$/.test(file) && !file.endsWith('.integration.test.ts');

const IMPORT = /(?:\bfrom|\bimport\(?|\bvi\.mock\(|\bimportOriginal<typeof import\()\s*['"]([^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

export interface Source {
  read(file: string): string | null;
}

/** The files of the checkout at `root`, each read once. */
export function disk(root: string): Source {
  const cache = new Map<string, string | null>();
  return {
    read(file) {
      if (!cache.has(file)) {
        let text: string | null = null;
        try {
          if (fs.statSync(path.join(root, file)).isFile()) text = fs.readFileSync(path.join(root, file), 'utf8');
        } catch {
          text = null;
        }
        cache.set(file, text);
      }
      return cache.get(file)!;
    },
  };
}

function resolve(source: Source, from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = spec.slice(2);
  else if (spec.startsWith('.')) base = path.posix.join(path.posix.dirname(from), spec);
  else return null;
  if (base.startsWith('generated/')) return null;
  for (const ext of EXTENSIONS) if (source.read(base + ext) !== null) return base + ext;
  return null;
}

/**
 * The shortest chain of imports from `file` to a module that touches dates, ending with what it calls; null when
 * nothing it reaches does.
 */
export function dateChain(source: Source, file: string): string[] | null {
  const parent = new Map<string, string | null>([[file, null]]);
  const queue = [file];
  while (queue.length) {
    const at = queue.shift()!;
    const text = NOT_SCANNED.has(at) ? '' : (source.read(at) ?? '');
    const hit = ZONE_SENSITIVE.find((z) => z.pattern.test(text));
    if (hit) {
      const chain = [`(${hit.what})`];
      for (let f: string | null = at; f !== null; f = parent.get(f)!) chain.unshift(f);
      return chain;
    }
    for (const m of text.matchAll(IMPORT)) {
      const next = resolve(source, at, m[1]);
      if (next && !parent.has(next)) {
        parent.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** What is wrong with the names of these unit test files, one line per file; empty when the set is right. */
export function zoneSetProblems(source: Source, testFiles: readonly string[]): string[] {
  return testFiles.filter(isUnitTest).flatMap((file) => {
    const chain = dateChain(source, file);
    if (chain && !isZoneTest(file)) return [`${file} touches dates (${chain.join(' → ')}): name it *.tz.test.ts so it runs in Asia/Bangkok too`];
    if (!chain && isZoneTest(file)) return [`${file} touches no date: its second run in Asia/Bangkok proves nothing, name it *.test.ts`];
    return [];
  });
}
