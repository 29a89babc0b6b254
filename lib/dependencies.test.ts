import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dependencies point one way (docs/architecture.md): pages and components use lib, the seed uses lib's business
 * defaults, lib uses neither. Inside lib, the platform (lib/platform and the infrastructure folders below) imports no
 * domain, no file takes part in an import circle, and no two folders import each other: a domain depends on the
 * platform and on the domains below it. Email templates (emails/) are used by senders only.
 */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(tsx?|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every module a file names: static imports and re-exports, side-effect imports, dynamic import(). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;
const imports = (text: string) => [...text.matchAll(SPECIFIER)].map((m) => m[1]);

/** The file an `@/` or relative specifier names, or null for a package. */
function resolve(from: string, spec: string, exists: (p: string) => boolean): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = spec.slice(2);
  else if (spec.startsWith('.')) base = path.posix.join(path.posix.dirname(from), spec);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}/index.ts`, `${base}/index.tsx`]) if (exists(c)) return path.posix.normalize(c);
  return null;
}

/** Each file's imports inside lib (posix paths from the repository root). */
export function importGraph(files: Record<string, string>): Map<string, string[]> {
  const exists = (p: string) => p in files;
  return new Map(
    Object.entries(files).map(([file, text]) => [
      file,
      [...new Set(imports(text).map((s) => resolve(file, s, exists)).filter((t): t is string => t !== null && t.startsWith('lib/')))],
    ]),
  );
}

/** Groups of files that import each other, directly or around a circle (Tarjan's strongly connected components). */
export function fileCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return circles;
}

/** A file's folder: lib/payments/stripe-events is a folder of its own, above lib/payments. */
const folder = (file: string) => path.posix.dirname(file);

/** Pairs of folders that import each other, with one import each way as the evidence. */
export function twoWayFolders(graph: Map<string, string[]>): string[] {
  const edges = new Map<string, string>();
  for (const [file, targets] of graph) for (const t of targets) if (folder(file) !== folder(t)) edges.set(`${folder(file)} → ${folder(t)}`, `${file} → ${t}`);
  const pairs: string[] = [];
  for (const [key, evidence] of edges) {
    const [a, b] = key.split(' → ');
    const back = edges.get(`${b} → ${a}`);
    if (a < b && back) pairs.push(`${a} ↔ ${b} (${evidence}; ${back})`);
  }
  return pairs.sort();
}

/** The same map with folders as its points: a folder circle (a → b → c → a) is a knot even without a two-way pair. */
export function folderGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = out.get(folder(file)) ?? new Set<string>();
    for (const t of targets) if (folder(t) !== folder(file)) from.add(folder(t));
    out.set(folder(file), from);
  }
  return new Map([...out].map(([k, v]) => [k, [...v]]));
}

/**
 * The platform: what every domain may use and which knows no domain (docs/architecture.md). lib/platform holds
 * the pieces that were knotted into domains (link signing, mail transport and outbox, the public-data cache); the
 * older infrastructure folders keep their names.
 */
const PLATFORM = ['lib/platform', 'lib/db', 'lib/env', 'lib/log', 'lib/i18n', 'lib/dates', 'lib/http', 'lib/format', 'lib/security', 'lib/rate-limit', 'lib/validation'];
const inPlatform = (file: string) => PLATFORM.some((p) => file.startsWith(`${p}/`));

export function platformReachingUp(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, targets]) => (inPlatform(file) ? targets.filter((t) => !inPlatform(t)).map((t) => `${file} → ${t}`) : []));
}

const lib = () => Object.fromEntries(sources('lib').map((f) => [f.split(path.sep).join('/'), fs.readFileSync(f, 'utf8')]));

describe('lib depends on nothing above it', () => {
  it('imports nothing from app/, components/ or prisma/', () => {
    const offenders = Object.entries(lib()).flatMap(([file, text]) => imports(text).filter((s) => /^@\/(app|components|prisma)\//.test(s)).map((s) => `${file} → ${s}`));
    expect(offenders).toEqual([]);
  });

  it('only senders import email templates: lib/email and files named for their emails (*-email.tsx, *-emails.tsx), never the platform', () => {
    const sender = (file: string) => !inPlatform(file) && (file.startsWith('lib/email/') || /-emails?\.tsx$/.test(file));
    const offenders = Object.entries(lib())
      .filter(([file]) => !sender(file))
      .flatMap(([file, text]) => imports(text).filter((s) => s.startsWith('@/emails/')).map((s) => `${file} → ${s}`));
    expect(offenders).toEqual([]);
  });
});

describe('the import map of lib', () => {
  const graph = importGraph(lib());

  it('has no file circles', () => {
    expect(fileCircles(graph)).toEqual([]);
  });

  it('has no two folders that import each other', () => {
    expect(twoWayFolders(graph)).toEqual([]);
  });

  it('has no circle of folders (a domain depends on the domains below it only)', () => {
    expect(fileCircles(folderGraph(graph))).toEqual([]);
  });

  it('the platform imports no domain', () => {
    expect(platformReachingUp(graph)).toEqual([]);
  });

  it('would see a planted circle, a two-way pair, a folder circle and a platform file reaching up (the scan itself is checked)', () => {
    const planted = importGraph({
      'lib/a/one.ts': "import { two } from './two';",
      'lib/a/two.ts': "export { three } from '@/lib/b/three';",
      'lib/b/three.ts': "const m = await import('@/lib/a/one');",
      'lib/b/four.ts': "import 'server-only';\nimport type { X } from '@/lib/c/five';",
      'lib/c/five.ts': "import { z } from 'zod';",
      'lib/platform/six.ts': "import { four } from '../b/four';",
    });
    expect(fileCircles(planted)).toEqual([['lib/a/one.ts', 'lib/a/two.ts', 'lib/b/three.ts']]);
    expect(twoWayFolders(planted)).toHaveLength(1);
    expect(twoWayFolders(planted)[0]).toMatch(/^lib\/a ↔ lib\/b/);
    expect(platformReachingUp(planted)).toEqual(['lib/platform/six.ts → lib/b/four.ts']);
    const threeWay = importGraph({ 'lib/a/one.ts': "import '@/lib/b/two';", 'lib/b/two.ts': "import '@/lib/c/three';", 'lib/c/three.ts': "import '@/lib/a/one';" });
    expect(twoWayFolders(threeWay)).toEqual([]);
    expect(fileCircles(folderGraph(threeWay))).toEqual([['lib/a', 'lib/b', 'lib/c']]);
    expect(fileCircles(importGraph({ 'lib/a/one.ts': "import { two } from './two';", 'lib/a/two.ts': "import { z } from 'zod';" }))).toEqual([]);
  });
});
