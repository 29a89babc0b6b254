import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('npm test without Chromium', () => {
  it('stops before building or testing anything, naming the command that installs it', () => {
    const started = Date.now();
    const r = spawnSync('node', ['scripts/test.mjs', 'e2e'], {
      cwd: ROOT,
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const output = `${r.stdout}${r.stderr}`;
    expect(r.status).toBe(1);
    expect(output).toContain('sudo apt-get install -y chromium-headless-shell');
    expect(output).not.toMatch(/Building|━━ e2e|Running \d+ tests/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
