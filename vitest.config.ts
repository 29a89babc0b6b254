import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import path from 'node:path';

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

/**
 * Unit tests (`*.test.ts`: pure, no database) run twice, under UTC and under Asia/Bangkok, so date logic cannot lean
 * on the machine's zone. Integration tests (`*.integration.test.ts`: a seeded database per file, PostgreSQL when
 * TEST_DATABASE_URL is set) run once, in Bangkok time. `npm run test:unit` runs only the unit projects.
 */
const unit = (tz: string): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name: `unit (${tz})`, include: ['**/*.test.ts', '**/*.test.tsx'], exclude: [INTEGRATION, 'node_modules/**', 'e2e/**', '.next/**', 'generated/**', '.stryker-tmp/**'], env: { TZ: tz } },
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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // next-auth imports `next/server` without its extension, which Node's ESM loader cannot resolve: Vite resolves it.
    server: { deps: { inline: ['next-auth'] } },
    projects: [
      unit('UTC'),
      unit('Asia/Bangkok'),
      {
        extends: true,
        test: { name: 'integration', include: [INTEGRATION], exclude: ['node_modules/**', '.next/**', 'generated/**', '.stryker-tmp/**'], globalSetup: ['test/global-setup.ts'], env: { TZ: 'Asia/Bangkok' } },
      },
    ],
  },
});
