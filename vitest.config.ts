import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SlowFirstSequencer from './test/slow-first-sequencer';

// vitest 5's reporter calls Map.groupBy (Node 21+) when it prints failures; Node 20 lacks it.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, key: (v: V, i: number) => K) {
      const map = new Map<K, V[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const list = map.get(k);
        if (list) list.push(item);
        else map.set(k, [item]);
      }
      return map;
    },
  });
}

const INTEGRATION = '**/*.integration.test.ts';
const EXCLUDE = ['node_modules/**', 'e2e/**', '.next/**', 'generated/**', '.stryker-tmp/**'];

/**
 * Integration files that replace a module (`vi.mock`): they run each in a fresh module graph of its own. The others
 * share their worker's modules file after file (`isolate: false`): the app's module graph is imported once per worker
 * instead of once per file, more than half of the stage's CPU (379 CPU-s before, 155 after, in a whole run). Each
 * file still opens a database of its own (test/db.ts); what a file leaves in a module (a spy, a timer, the
 * environment) it undoes in its afterAll, and no file may depend on which ran before (a shuffled run proves it:
 * `npx vitest run --project 'integration*' --sequence.shuffle.files`).
 */
function integrationFilesThatMock(dir = ''): string[] {
  return fs.readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true }).flatMap((e) => {
    const p = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return e.name.startsWith('.') || ['node_modules', 'generated', 'e2e', 'public'].includes(e.name) ? [] : integrationFilesThatMock(p);
    return e.name.endsWith('.integration.test.ts') && /\bvi\.mock\(/.test(fs.readFileSync(path.join(import.meta.dirname, p), 'utf8')) ? [p] : [];
  });
}
const MOCKING = integrationFilesThatMock();

/**
 * Unit tests (`*.test.ts`: pure, no database, no process of their own) run in UTC; those whose outcome can depend on
 * the machine's zone (`*.tz.test.ts`, held to what they import by test/time-zone-set.test.ts) run again under
 * Asia/Bangkok, so date logic cannot lean on the machine's zone. Integration tests (`*.integration.test.ts`: a seeded
 * database per file, a copy of a PostgreSQL template when TEST_DATABASE_URL is set (else of a PGlite one), and a
 * database per worker there for the concurrency tests; processes and servers they start) run once, in Bangkok time.
 * Files run in parallel, a worker per core. `npm run test:unit` runs only the unit projects, `npm run test:integration`
 * the two integration ones.
 */
const unit = (tz: string, include: string[]): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name: `unit (${tz})`, include, exclude: [INTEGRATION, ...EXCLUDE], env: { TZ: tz } },
});

/** An integration project: one global setup for both (test/global-setup.ts), in Bangkok time. */
const integration = (name: string, test: NonNullable<TestProjectInlineConfiguration['test']>): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, globalSetup: ['test/global-setup.ts'], env: { TZ: 'Asia/Bangkok' }, ...test },
});

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // `server-only` throws outside a React Server environment; tests run server code directly.
      'server-only': path.resolve(import.meta.dirname, 'test/server-only-stub.ts'),
    },
  },
  test: {
    environment: 'node',
    // Limits for a test that hangs, not measures of speed: on a busy two-core machine a first import of the app's module
    // graph alone can take half a minute.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: true,
    // Small files that run long start first when there are no timings yet (a fresh clone): see the file.
    sequence: { sequencer: SlowFirstSequencer },
    maxWorkers: os.availableParallelism(),
    // next-auth imports `next/server` without its extension, which Node's ESM loader cannot resolve: Vite resolves it.
    server: { deps: { inline: ['next-auth'] } },
    projects: [
      unit('UTC', ['**/*.test.ts', '**/*.test.tsx']),
      unit('Asia/Bangkok', ['**/*.tz.test.ts', '**/*.tz.test.tsx']),
      integration('integration', { include: [INTEGRATION], exclude: [...MOCKING, 'node_modules/**', '.next/**', 'generated/**', '.stryker-tmp/**'], isolate: false }),
      integration('integration-isolated', { include: MOCKING }),
    ],
  },
});
