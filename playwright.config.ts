import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { DEFAULT_CHROMIUM } from './scripts/chromium.mjs';

/**
 * As many workers as the machine has cores (at most 4), each with a server of its own: its own production server of
 * the one build, its own fresh database and its own fakes (scripts/e2e-server.mjs), so a journey that runs the
 * billing job a month ahead, changes a price or fills a unit type never reaches a journey running beside it. Worker
 * n (TEST_PARALLEL_INDEX, stable across a worker's restarts) talks to the server at E2E_PORT + 40·n, its fakes beside
 * it at +91…+96; the ports the specs take for servers of their own (+5, +6, +70, +77, +88, +89) follow the same base.
 */
const E2E_WORKERS = Math.max(1, Math.min(4, Number(process.env.E2E_WORKERS) || workersFlag() || os.availableParallelism()));
/** `--workers=1` (or `-j 1`) on the command line: no more servers than the workers that will use them. */
function workersFlag(): number {
  const args = process.argv;
  for (let i = 0; i < args.length; i++) {
    const m = /^(?:--workers|-j)(?:=(\d+))?$/.exec(args[i]);
    if (m) return Number(m[1] ?? args[i + 1]) || 0;
  }
  return 0;
}
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const SLOT_STRIDE = 40;
const FAKES = [['FAKE_STRIPE_PORT', 91], ['FAKE_RESEND_PORT', 92], ['FAKE_OPENAI_PORT', 93], ['FAKE_LINE_PORT', 94], ['FAKE_GATE_PORT', 95], ['FAKE_SLIP_PORT', 96]] as const;
const slotPort = (slot: number) => BASE_PORT + SLOT_STRIDE * slot;
const slotEnv = (slot: number) => ({ E2E_PORT: String(slotPort(slot)), ...Object.fromEntries(FAKES.map(([name, offset]) => [name, String(slotPort(slot) + offset)])) });

// This run's name, set once in the runner and inherited by its servers and workers: the servers of one run start from
// one migrated and seeded database (scripts/e2e-db-template.mjs), never from an earlier run's.
process.env.E2E_RUN_ID ||= `${Date.now().toString(36)}-${process.pid}`;

// In a worker: the specs read their server's port and its fakes' ports from these names.
const slot = process.env.TEST_PARALLEL_INDEX === undefined ? 0 : Number(process.env.TEST_PARALLEL_INDEX);
Object.assign(process.env, slotEnv(slot));
const PORT = slotPort(slot);
// E2E_BASE_URL runs the specs against a server you started yourself (e.g. `next dev`) instead of a fresh build.
const externalBaseUrl = process.env.E2E_BASE_URL;
const chromium = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
const launchOptions = {
  executablePath: chromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // Keeps Chromium from resolving outside hosts on a machine with no internet.
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files are shared out among the workers; the tests of one file run in order, in one worker.
  fullyParallel: false,
  workers: externalBaseUrl ? 1 : E2E_WORKERS,
  // A test that fails runs once more, recording a trace (each step's DOM, network and console) that run only: recording
  // costs Chromium and the worker about a tenth of their CPU in every test, passing or not, on a suite bound by its
  // two cores. A test that passes only on its second run is flaky, and fails the run all the same.
  retries: 1,
  failOnFlakyTests: true,
  // The JSON report feeds the totals line of `npm test` (scripts/test.mjs).
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: externalBaseUrl ?? `http://localhost:${PORT}`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, testIgnore: /\.mobile\.spec\.ts$/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions }, testMatch: /\.mobile\.spec\.ts$/ },
  ],
  // One command starts every worker's server side by side (scripts/e2e-servers.mjs): Playwright starts the entries
  // of a webServer list one after another.
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'node scripts/e2e-servers.mjs',
        wait: { stdout: /^e2e servers ready$/m },
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe' as const,
        stderr: 'pipe' as const,
        env: { E2E_SERVERS: JSON.stringify(Array.from({ length: E2E_WORKERS }, (_, n) => slotEnv(n))) },
      },
});
