import { defineConfig } from 'vitest/config';
import path from 'node:path';

// The vitest config StrykerJS runs (`npm run test:mutation`, scripts/mutation.mjs). Separate from vitest.config.ts
// because Stryker copies the project into a sandbox without git-ignored files (so `generated/prisma` is read from the
// real checkout, MUTATION_PROJECT_ROOT) and because the default config runs the date tests twice (UTC and Bangkok):
// one run, in Bangkok time, is enough to tell a killed mutant from a surviving one. MUTATION_TESTS (comma-separated
// globs) picks the test files of the module under test.
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

const here = path.resolve(import.meta.dirname);
const projectRoot = process.env.MUTATION_PROJECT_ROOT ?? here;
const globs = (process.env.MUTATION_TESTS ?? 'lib/pricing/**/*.test.ts').split(',');
const include = globs.filter((g) => !g.startsWith('!'));
const excluded = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
const needsDatabase = include.some((g) => g.includes('integration'));

const vitestMutationConfig = defineConfig({
  resolve: {
    alias: [
      { find: /^@\/generated\/(.*)$/, replacement: path.join(projectRoot, 'generated/$1') },
      { find: /^@\/(.*)$/, replacement: path.join(here, '$1') },
      { find: 'server-only', replacement: path.join(here, 'test/server-only-stub.ts') },
    ],
  },
  test: {
    environment: 'node',
    include,
    exclude: ['node_modules/**', '.next/**', 'generated/**', 'e2e/**', ...excluded],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    env: { TZ: 'Asia/Bangkok' },
    globalSetup: needsDatabase ? ['test/global-setup.ts'] : [],
  },
});

export default vitestMutationConfig;
