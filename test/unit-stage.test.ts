import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isUnitTest } from './time-zone-scan';

/**
 * The unit stage runs in parallel on a busy machine and must not depend on it: a test that starts a process or a
 * server (its own, or through a helper of test/) is an integration test (`*.integration.test.ts`) or an end-to-end
 * one, where such tests wait for their process to answer.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', '.next', '.git', 'generated', '.stryker-tmp', '.data', 'e2e', 'reports', 'test-results']);
const STARTS = [
  { pattern: /from ['"](node:)?(child_process|cluster|worker_threads)['"]/, what: 'starts processes' },
  { pattern: /\.listen\(|\bcreateServer\(/, what: 'starts a server' },
  { pattern: /from ['"]@\/test\/fakes\/|from ['"]\.\.?\/(\.\.\/)*test\/fakes\//, what: 'starts a fake server' },
];

function unitTests(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : unitTests(rel);
    return isUnitTest(rel) ? [rel] : [];
  });
}

/** What in `text` (a test file's) starts a process or a server, one line each. */
function startsSomething(file: string, text: string): string[] {
  // The scan names these calls without making them.
  if (file === 'test/unit-stage.test.ts') return [];
  return STARTS.filter((s) => s.pattern.test(text)).map((s) => `${file} ${s.what}: make it a *.integration.test.ts`);
}

describe('the unit stage', () => {
  it('starts no process and no server', () => {
    const files = unitTests();
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => startsSomething(f, fs.readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it('catches a test that forks, spawns, listens or starts a fake', () => {
    expect(startsSomething('a.test.ts', "import { fork } from 'node:cluster';")).toEqual(['a.test.ts starts processes: make it a *.integration.test.ts']);
    expect(startsSomething('a.test.ts', "import { spawnSync } from 'child_process';")).toHaveLength(1);
    expect(startsSomething('a.test.ts', 'server.listen(0);')).toEqual(['a.test.ts starts a server: make it a *.integration.test.ts']);
    expect(startsSomething('lib/x/a.test.ts', "import { startFakeStripe } from '@/test/fakes/stripe-server';")).toEqual(['lib/x/a.test.ts starts a fake server: make it a *.integration.test.ts']);
    expect(startsSomething('a.test.ts', "import { sum } from './sum';")).toEqual([]);
  });
});
