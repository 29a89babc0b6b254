// `npm test`: type-check, lint, unit and integration tests (vitest), then end-to-end tests (Playwright, Chromium)
// against a production build. Ends with one 'N passed, N failed' line, which says how many passed runs are the unit
// tests' second time zone. `node scripts/test.mjs e2e` runs one stage.
import fs from 'node:fs';
import path from 'node:path';
import { baseEnv, bin, ensureBuild, ensureDependencies, ensurePrismaClient, ROOT, run } from './lib.mjs';
import { ensureChromium } from './chromium.mjs';
import { ensureNginx } from './nginx.mjs';
import { vitestCounts } from './vitest-counts.mjs';

const only = process.argv.slice(2);
const want = (stage) => only.length === 0 || only.includes(stage);

// Before anything runs: a missing browser would otherwise fail the last stage after minutes of work.
if (want('e2e')) {
  const problem = ensureChromium(baseEnv) ?? ensureNginx(baseEnv);
  if (problem) {
    console.error(`\n✖ ${problem}`);
    process.exit(1);
  }
}

ensureDependencies();
ensurePrismaClient();
fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
const results = [];
const stage = (name, fn) => {
  if (!want(name)) return;
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const out = fn();
  results.push({ name, ...out, seconds: Math.round((Date.now() - started) / 1000) });
};

stage('typecheck', () => ({ ok: run(bin('tsc'), ['--noEmit'], { allowFail: true }) === 0 }));
stage('lint', () => ({ ok: run(bin('eslint'), ['--max-warnings=0', '.'], { allowFail: true }) === 0 }));

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

stage('unit+integration', () => {
  const file = path.join(ROOT, 'test-results', 'vitest.json');
  fs.rmSync(file, { force: true });
  const code = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
    allowFail: true,
    env: { ...baseEnv, NODE_ENV: 'test' },
  });
  return { ok: code === 0, ...vitestCounts(readJson(file)) };
});

stage('e2e', () => {
  const env = { ...baseEnv, NODE_ENV: 'production', SITE_URL: `http://localhost:${process.env.E2E_PORT ?? 3100}` };
  ensureBuild(env);
  const file = path.join(ROOT, 'test-results', 'e2e.json');
  fs.rmSync(file, { force: true });
  const code = run(bin('playwright'), ['test'], { allowFail: true, env: { ...baseEnv } });
  const r = readJson(file);
  const s = r?.stats;
  return { ok: code === 0, passed: s?.expected ?? 0, failed: s ? s.unexpected + (s.flaky ?? 0) : 1, skipped: s?.skipped ?? 0 };
});

console.log('\n━━ summary ━━');
let passed = 0;
let failed = 0;
let skipped = 0;
let secondZone = 0;
for (const r of results) {
  const zone = r.secondZone ? `; ${r.secondZone} of the passed are the unit tests' second run, in Asia/Bangkok` : '';
  const counts = r.passed !== undefined ? ` (${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${zone})` : '';
  console.log(`${r.ok ? '✔' : '✖'} ${r.name}${counts} in ${r.seconds}s`);
  passed += r.passed ?? (r.ok ? 1 : 0);
  failed += r.failed ?? (r.ok ? 0 : 1);
  skipped += r.skipped ?? 0;
  secondZone += r.secondZone ?? 0;
  if (!r.ok && r.failed === 0) failed += 1;
}
// The unit tests run once per time zone: the second run is counted, and said.
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped (${secondZone} of the passed are the unit tests run a second time, in Asia/Bangkok)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
