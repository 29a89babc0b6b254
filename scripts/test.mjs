// `npm test`: type-check and lint (side by side: one core each), unit tests, integration tests (vitest, files in
// parallel), the production build (made once, reused while its sources are unchanged), then the end-to-end tests
// (Playwright, Chromium, a worker and a server per core). Prints each stage's time, then one line
// `Total: N passed, N failed, N skipped`. `node scripts/test.mjs e2e` (or unit, integration, …) runs those stages only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { baseEnv, bin, ensureBuild, ensureDependencies, ensurePrismaClient, ROOT, run } from './lib.mjs';
import { ensureChromium } from './chromium.mjs';
import { ensureNginx } from './nginx.mjs';
import { vitestCounts } from './vitest-counts.mjs';

const STAGES = ['typecheck', 'lint', 'unit', 'integration', 'build', 'e2e'];
const only = process.argv.slice(2);
const unknown = only.filter((s) => !STAGES.includes(s));
if (unknown.length) {
  console.error(`✖ unknown stage ${unknown.join(', ')}; the stages are ${STAGES.join(', ')}`);
  process.exit(1);
}
const want = (stage) => only.length === 0 || only.includes(stage) || (stage === 'build' && only.includes('e2e'));

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
const started = Date.now();
const results = [];
const seconds = (since) => Math.round((Date.now() - since) / 1000);

async function stage(name, fn) {
  if (!want(name)) return;
  console.log(`\n━━ ${name} ━━`);
  const t = Date.now();
  const out = await fn();
  results.push({ name, ...out, seconds: seconds(t) });
  console.log(`━━ ${name}: ${seconds(t)} s`);
}

/** Runs a command with its output held back, printed in one piece when it ends (two run side by side). */
function quietly(cmd, args) {
  return new Promise((resolve) => {
    const t = Date.now();
    const child = spawn(cmd, args, { cwd: ROOT, env: baseEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output, seconds: seconds(t) }));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function vitest(project) {
  const file = path.join(ROOT, 'test-results', `vitest-${project}.json`);
  fs.rmSync(file, { force: true });
  const code = run(bin('vitest'), ['run', `--project=${project === 'unit' ? 'unit*' : project}`, '--reporter=dot', '--reporter=json', `--outputFile.json=${file}`], {
    allowFail: true,
    env: { ...baseEnv, NODE_ENV: 'test' },
  });
  return { ok: code === 0, ...vitestCounts(readJson(file)) };
}

// tsc and eslint are single-threaded: on two cores they run side by side, each stage timed on its own.
const checks = [
  ['typecheck', bin('tsc'), ['--noEmit']],
  // eslint, then the layer rules of docs/architecture.md (dependency-cruiser, .dependency-cruiser.cjs): `npm run lint`.
  ['lint', 'npm', ['run', '--silent', 'lint']],
].filter(([name]) => want(name));
if (checks.length) {
  console.log(`\n━━ ${checks.map(([name]) => name).join(' + ')} ━━`);
  const done = await Promise.all(checks.map(([, cmd, args]) => quietly(cmd, args)));
  checks.forEach(([name], i) => {
    const { code, output, seconds: s } = done[i];
    if (output.trim()) console.log(`${name}:\n${output.trimEnd()}`);
    console.log(`━━ ${name}: ${s} s${code === 0 ? '' : ' (failed)'}`);
    results.push({ name, ok: code === 0, seconds: s });
  });
}

await stage('unit', () => vitest('unit'));
await stage('integration', () => vitest('integration'));

const e2eEnv = { ...baseEnv, NODE_ENV: 'production', SITE_URL: `http://localhost:${process.env.E2E_PORT ?? 3100}` };
await stage('build', () => {
  ensureBuild(e2eEnv);
  return { ok: true };
});

await stage('e2e', () => {
  const file = path.join(ROOT, 'test-results', 'e2e.json');
  fs.rmSync(file, { force: true });
  const code = run(bin('playwright'), ['test'], { allowFail: true, env: { ...baseEnv } });
  const s = readJson(file)?.stats;
  return { ok: code === 0, passed: s?.expected ?? 0, failed: s ? s.unexpected + (s.flaky ?? 0) : 1, skipped: s?.skipped ?? 0 };
});

console.log('\n━━ summary ━━');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  const zone = r.secondZone ? `; ${r.secondZone} of them the date tests run again in Asia/Bangkok` : '';
  const counts = r.passed !== undefined ? ` (${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${zone})` : '';
  console.log(`${r.ok ? '✔' : '✖'} ${r.name}${counts} in ${r.seconds} s`);
  passed += r.passed ?? (r.ok ? 1 : 0);
  failed += r.failed ?? (r.ok ? 0 : 1);
  skipped += r.skipped ?? 0;
  if (!r.ok && r.failed === 0) failed += 1;
}
console.log(`  all stages in ${seconds(started)} s`);
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
