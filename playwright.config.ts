import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The fakes listen beside the server's port (scripts/e2e-server.mjs); the specs read these names.
for (const [name, offset] of [['FAKE_STRIPE_PORT', 91], ['FAKE_RESEND_PORT', 92], ['FAKE_OPENAI_PORT', 93], ['FAKE_LINE_PORT', 94], ['FAKE_GATE_PORT', 95]] as const) {
  process.env[name] ??= String(PORT + offset);
}
// E2E_BASE_URL runs the specs against a server you started yourself (e.g. `next dev`) instead of a fresh build.
const externalBaseUrl = process.env.E2E_BASE_URL;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The JSON report feeds the totals line of `npm test` (scripts/test.mjs).
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: externalBaseUrl ?? `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, testIgnore: /\.mobile\.spec\.ts$/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions }, testMatch: /\.mobile\.spec\.ts$/ },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'node scripts/e2e-server.mjs',
        url: `http://localhost:${PORT}/api/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        stderr: 'pipe',
        env: { E2E_PORT: String(PORT) },
      },
});
