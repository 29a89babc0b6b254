import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumPlan } from './chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('package.json scripts', () => {
  it('name only files that exist (npm run dev used to call a missing scripts/prepare.mjs)', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    const files = Object.values(scripts).flatMap((command) => [...command.matchAll(/(?:node|tsx)\s+(\S+\.(?:mjs|ts))/g)].map((m) => m[1]));
    expect(files).toContain('scripts/dev.mjs');
    expect(files.filter((f) => !fs.existsSync(path.join(ROOT, f)))).toEqual([]);
  });
});

describe('the reverse proxy in front of the app server', () => {
  it('drops an idle connection to the app before the app does, so no request is sent on one the app is closing', () => {
    const nginx = fs.readFileSync(path.join(ROOT, 'deploy/nginx/nginx.conf'), 'utf8');
    const upstream = /upstream app \{([\s\S]*?)\n {2}\}/.exec(nginx)?.[1] ?? '';
    const [, value, unit] = /^\s*keepalive_timeout (\d+)(ms|s)?;/m.exec(upstream) ?? [];
    expect(value, 'deploy/nginx/nginx.conf: the upstream sets keepalive_timeout').toBeDefined();
    const proxyMs = Number(value) * (unit === 'ms' ? 1 : 1000);
    const server = fs.readFileSync(path.join(ROOT, 'scripts/server.mjs'), 'utf8');
    const appMs = Number(/server\.keepAliveTimeout = ([\d_]+);/.exec(server)?.[1].replaceAll('_', ''));
    expect(appMs).toBeGreaterThan(0);
    // Without the proxy's own limit nginx keeps them 60 s, the app 5 s.
    expect(proxyMs).toBeLessThan(appMs);
  });
});

describe('Chromium for the end-to-end tests', () => {
  const facts = { path: '/usr/bin/chromium-headless-shell', exists: false, custom: false, isRoot: false, hasApt: true };

  it('is used when it is there', () => {
    expect(chromiumPlan({ ...facts, exists: true })).toEqual({ action: 'ready' });
  });

  it('is installed when the machine lets us (root with apt)', () => {
    expect(chromiumPlan({ ...facts, isRoot: true })).toEqual({ action: 'install' });
  });

  it('otherwise stops with the one command that installs it', () => {
    const plan = chromiumPlan(facts);
    expect(plan).toMatchObject({ action: 'stop' });
    expect(plan.action === 'stop' && plan.message).toContain('sudo apt-get install -y chromium-headless-shell');
    expect(chromiumPlan({ ...facts, isRoot: true, hasApt: false })).toMatchObject({ action: 'stop' });
  });

  it('never installs over a CHROMIUM_PATH the developer chose', () => {
    const plan = chromiumPlan({ ...facts, path: '/opt/chrome/chrome', custom: true, isRoot: true });
    expect(plan.action === 'stop' && plan.message).toContain('/opt/chrome/chrome');
  });
});

describe("npm test's summary", () => {
  it('says how many passed runs are the date tests run again in the second time zone', async () => {
    const { vitestCounts } = await import('./vitest-counts.mjs');
    const file = (name: string, passed: number, failed = 0) => ({ name, assertionResults: [...Array(passed).fill({ status: 'passed' }), ...Array(failed).fill({ status: 'failed' })] });
    const report = {
      numPassedTests: 2 * 10 + 2 * 3 + 5 + 7,
      numFailedTests: 1,
      numPendingTests: 0,
      // each date file appears once per time zone; other unit files and integration files once
      testResults: [file('/r/lib/a.tz.test.ts', 10), file('/r/lib/a.tz.test.ts', 10), file('/r/lib/b.tz.test.tsx', 3, 1), file('/r/lib/b.tz.test.tsx', 3), file('/r/lib/d.test.ts', 5), file('/r/lib/c.integration.test.ts', 7)],
    };
    expect(vitestCounts(report)).toEqual({ passed: 38, failed: 1, skipped: 0, secondZone: 13 });
    expect(vitestCounts(null)).toEqual({ passed: 0, failed: 1, skipped: 0, secondZone: 0 });
  });
});
