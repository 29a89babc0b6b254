// `npm test`: type-check and lint (side by side: one core each), unit tests, integration tests (vitest, files in
// parallel) with the production build beside them (made once, reused while its sources are unchanged), then the end-to-end tests
// (Playwright, Chromium, a worker and a server per core). Prints each stage's time, then one line
// `Total: N passed, N failed, N skipped`. `node scripts/test.mjs e2e` (or unit, integration, …) runs those stages only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { baseEnv, bin, ensureDependencies, ensurePrismaClient, ROOT, run, staleBuild } from './lib.mjs';
import { ensureChromium } from './chromium.mjs';
import { ensureNginx } from './nginx.mjs';
import { vitestCounts } from './vitest-counts.mjs';
import { childrenCpuSeconds, CPU_MARK } from './cpu-time.mjs';
import { printSlowest, slowestPlaywrightFiles, slowestVitestFiles } from './slowest.mjs';

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

/** CPU seconds of the processes run beside the stages (quietly), taken out of the stage they finished during. */
let cpuBeside = 0;
const cpuText = (cpu) => (cpu == null ? '' : `, ${Math.round(cpu)} s CPU`);

async function stage(name, fn) {
  if (!want(name)) return;
  console.log(`\n━━ ${name} ━━`);
  const t = Date.now();
  const cpu0 = childrenCpuSeconds();
  const beside0 = cpuBeside;
  const out = await fn();
  const cpu1 = childrenCpuSeconds();
  const cpu = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0 - (cpuBeside - beside0);
  results.push({ name, ...out, seconds: seconds(t), cpu });
  console.log(`━━ ${name}: ${seconds(t)} s${cpuText(cpu)}`);
}

/** Runs a command with its output held back, printed in one piece when it ends (two run side by side). */
function quietly(cmd, args, env = baseEnv) {
  return new Promise((resolve) => {
    const t = Date.now();
    const child = spawn(process.execPath, ['scripts/cpu-time.mjs', cmd, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const at = output.lastIndexOf(CPU_MARK);
      const cpu = at < 0 ? null : Number(output.slice(at + CPU_MARK.length).trim());
      if (cpu !== null) cpuBeside += cpu;
      resolve({ code, output: at < 0 ? output : output.slice(0, at), seconds: seconds(t), cpu });
    });
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
  const report = readJson(file);
  printSlowest(`${project} files`, slowestVitestFiles(report));
  return { ok: code === 0, ...vitestCounts(report) };
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
    const { code, output, seconds: s, cpu } = done[i];
    if (output.trim()) console.log(`${name}:\n${output.trimEnd()}`);
    console.log(`━━ ${name}: ${s} s${cpuText(cpu)}${code === 0 ? '' : ' (failed)'}`);
    results.push({ name, ok: code === 0, seconds: s, cpu });
  });
}

// The production build runs beside the unit and integration stages (its output held back and printed after them):
// those stages wait on the database and on processes they start, so the build fills the cores they leave idle. When
// this run's typecheck stage passed, the build skips its own check of the same sources (next.config.ts).
const e2eEnv = { ...baseEnv, NODE_ENV: 'production', SITE_URL: `http://localhost:${process.env.E2E_PORT ?? 3100}` };
const typesChecked = results.some((r) => r.name === 'typecheck' && r.ok);
let building = null;
if (want('build')) {
  const stale = staleBuild(e2eEnv);
  const t = Date.now();
  building = !stale
    ? Promise.resolve({ code: 0, output: '• Production build is up to date.', seconds: 0 })
    : quietly(bin('next'), ['build'], { ...e2eEnv, ...(typesChecked ? { BUILD_TYPES_CHECKED: '1' } : {}) }).then((r) => {
        if (r.code === 0) stale.stamp();
        return { ...r, seconds: seconds(t) };
      });
  if (stale) console.log(`\n• Building (next build) beside the tests${typesChecked ? ', its type check done by the typecheck stage' : ''}…`);
}

await stage('unit', () => vitest('unit'));
await stage('integration', () => vitest('integration'));

if (building) {
  console.log('\n━━ build ━━');
  const { code, output, seconds: s, cpu } = await building;
  if (output.trim()) console.log(output.trimEnd());
  console.log(`━━ build: ${s} s${cpuText(cpu)} (beside the stages above)${code === 0 ? '' : ' (failed)'}`);
  results.push({ name: 'build', ok: code === 0, seconds: s, cpu });
}
const built = !want('build') || results.find((r) => r.name === 'build')?.ok;

await stage('e2e', () => {
  // Without a build there is nothing to serve: counted as one failure rather than 256.
  if (!built) return { ok: false, passed: 0, failed: 1, skipped: 0 };
  const file = path.join(ROOT, 'test-results', 'e2e.json');
  fs.rmSync(file, { force: true });
  const code = run(bin('playwright'), ['test'], { allowFail: true, env: { ...baseEnv } });
  const report = readJson(file);
  printSlowest('e2e files (summed over workers)', slowestPlaywrightFiles(report));
  const s = report?.stats;
  return { ok: code === 0, passed: s?.expected ?? 0, failed: s ? s.unexpected + (s.flaky ?? 0) : 1, skipped: s?.skipped ?? 0 };
});

console.log('\n━━ summary ━━');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  const zone = r.secondZone ? `; ${r.secondZone} of them the date tests run again in Asia/Bangkok` : '';
  const counts = r.passed !== undefined ? ` (${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${zone})` : '';
  console.log(`${r.ok ? '✔' : '✖'} ${r.name}${counts} in ${r.seconds} s${cpuText(r.cpu)}`);
  passed += r.passed ?? (r.ok ? 1 : 0);
  failed += r.failed ?? (r.ok ? 0 : 1);
  skipped += r.skipped ?? 0;
  if (!r.ok && r.failed === 0) failed += 1;
}
const cpuAll = childrenCpuSeconds();
console.log(`  all stages in ${seconds(started)} s${cpuText(cpuAll)}`);
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
