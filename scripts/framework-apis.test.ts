import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The framework's public APIs only (README "Architecture"): production must not depend on how Next or Node work
 * inside, or a minor upgrade can break it without a failing build. Every source file of the project is read: none may
 * import Next's private modules (`next/dist/…`), set Next's private variables (`__NEXT_PRIVATE_…`), or replace a
 * method of a Node or Next object (a request's `push`, a response's `write`/`end`/`writeHead`, the console, …).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', '.next', '.git', 'generated', 'test-results', 'playwright-report', '.data', '.stryker-tmp', 'reports', 'tools', 'bench']);
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

function sources(dir = ROOT, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.next') || SKIP.has(entry.name)) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(file, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(file);
  }
  return out;
}

/** What a file must not contain, and why. Patterns are built from pieces so this file does not match itself. */
const FORBIDDEN: [RegExp, string][] = [
  [new RegExp(`['"\`]next/${'dist'}/`), "imports Next's private modules"],
  [new RegExp(`__NEXT_${'PRIVATE'}_`), "sets Next's private variables"],
  [/\b(?:req|request|res|response|socket|stream)\.(?:push|write|end|writeHead|setHeader|flushHeaders|emit|on)\s*=[^=>]/, 'replaces a method of a Node request or response'],
  [/\bconsole\.(?:log|info|warn|error|debug)\s*=[^=>]/, 'replaces the console'],
  [/\b(?:http|https|net)\.(?:createServer|request|get)\s*=[^=>]/, 'replaces a Node module function'],
  [/\b(?:Server|IncomingMessage|ServerResponse|Socket)\.prototype\.\w+\s*=[^=>]/, 'patches a Node prototype'],
];

describe("production uses Next's and Node's public APIs only", () => {
  const files = sources();

  it('finds the project sources it checks', () => {
    const names = files.map((f) => path.relative(ROOT, f));
    for (const expected of ['scripts/server.mjs', 'proxy.ts', 'next.config.ts', 'lib/platform/cache/page-cache-handler.mjs']) expect(names).toContain(expected);
  });

  it.each(FORBIDDEN.map(([pattern, why]) => [why, pattern] as const))('no source file %s', (_why, pattern) => {
    const offenders = files.filter((f) => f !== import.meta.filename && pattern.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it('the check catches each kind it names', () => {
    const samples = [
      `import X from '${'next'}/dist/server/lib/incremental-cache/file-system-cache.js';`,
      `process.env.__NEXT_${'PRIVATE'}_STANDALONE_CONFIG ??= '{}';`,
      'req.push = function cappedPush(chunk) {};',
      'res.end = function (chunk) {};',
      'console.log = (...args) => {};',
      'http.createServer = wrapped;',
    ];
    for (const sample of samples) expect(FORBIDDEN.some(([pattern]) => pattern.test(sample)), sample).toBe(true);
  });
});
