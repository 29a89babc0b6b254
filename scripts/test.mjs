// `npm test`: every stage of the suite, started as soon as what it needs is there, side by side on the machine's cores.
// The critical path is the production build and then the end-to-end tests (Playwright, Chromium, a worker and a server
// per core): they start at once. Beside them run type-check and lint (at a lower priority, nice 10: they only compete
// with the build), then the unit and the integration tests (vitest, files in parallel; at the normal priority, as their
// tests that wait on the database and on processes must not be starved). Their output is held back and printed in one
// piece when each ends, while the end-to-end output streams. Prints each stage's time, then one line
// `Total: N passed, N failed, N skipped`. `node scripts/test.mjs e2e` (or unit, integration, …) runs those stages only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baseEnv, bin, ensureDependencies, ensurePrismaClient, ROOT, staleBuild } from './lib.mjs';
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

const cpuText = (cpu) => (cpu == null ? '' : `, ${Math.round(cpu)} s CPU`);
/** Type-check and lint yield the cores to the build when both want them. */
const BESIDE = 10;

/**
 * Runs one stage's command (through scripts/cpu-time.mjs, which reports its CPU seconds). `stream`: its output is
 * shown as it comes; otherwise it is held back and printed in one piece when the stage ends, under its name.
 */
function runStage(name, cmd, args, { env = baseEnv, stream = false, nice = 0 } = {}) {
  return new Promise((resolve) => {
    const t = Date.now();
    const child = spawn(process.execPath, ['scripts/cpu-time.mjs', cmd, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    // The priority a process starts with is inherited by everything it starts (vitest's workers, tsc).
    if (nice) {
      try {
        os.setPriority(child.pid, nice);
      } catch {
        // Not allowed here: the stage runs at the normal priority.
      }
    }
    // Held back: all of a quiet stage's output; of a streamed one, only the end of stderr, where the CPU mark comes last.
    let held = '';
    child.stdout.on('data', (d) => (stream ? process.stdout.write(d) : (held += d)));
    child.stderr.on('data', (d) => {
      held += d;
      if (!stream) return;
      const keep = Math.max(0, held.length - CPU_MARK.length - 32);
      process.stderr.write(held.slice(0, keep));
      held = held.slice(keep);
    });
    child.on('close', (code) => {
      const at = held.lastIndexOf(CPU_MARK);
      const cpu = at < 0 ? null : Number(held.slice(at + CPU_MARK.length).trim());
      const rest = at < 0 ? held : held.slice(0, at);
      if (stream) process.stderr.write(rest);
      resolve({ name, code, output: stream ? '' : rest, seconds: seconds(t), cpu });
    });
  });
}

/** Prints a finished stage (its held-back output first) and records it, with its test counts, for the summary. */
function finish({ name, code, output, seconds: s, cpu }, counts = {}) {
  if (output.trim()) console.log(`\n━━ ${name} ━━\n${output.trimEnd()}`);
  const ok = code === 0;
  console.log(`━━ ${name}: ${s} s${cpuText(cpu)}${ok ? '' : ' (failed)'}`);
  results.push({ name, ok, seconds: s, cpu, ...counts });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function vitest(project) {
  const file = path.join(ROOT, 'test-results', `vitest-${project}.json`);
  fs.rmSync(file, { force: true });
  const args = ['run', `--project=${project}*`, '--reporter=dot', '--reporter=json', `--outputFile.json=${file}`];
  const r = await runStage(project, bin('vitest'), args, { env: { ...baseEnv, NODE_ENV: 'test' } });
  const report = readJson(file);
  finish(r, vitestCounts(report));
  printSlowest(`${project} files`, slowestVitestFiles(report));
}

// The critical path: the production build, then the end-to-end tests against it. When this run also type-checks, the
// build skips its own check of the same sources (next.config.ts): a type error fails the run through that stage.
const e2eEnv = { ...baseEnv, NODE_ENV: 'production', SITE_URL: `http://localhost:${process.env.E2E_PORT ?? 3100}` };
async function buildThenE2e() {
  if (want('build')) {
    const stale = staleBuild(e2eEnv);
    if (!stale) {
      console.log('\n• Production build is up to date.');
      results.push({ name: 'build', ok: true, seconds: 0, cpu: 0 });
    } else {
      console.log(`\n• Building (next build)${want('typecheck') ? ', its type check done by the typecheck stage' : ''}…`);
      const r = await runStage('build', bin('next'), ['build'], { env: { ...e2eEnv, ...(want('typecheck') ? { BUILD_TYPES_CHECKED: '1' } : {}) } });
      if (finish(r)) stale.stamp();
    }
  }
  if (!want('e2e')) return;
  console.log('\n━━ e2e ━━');
  // Without a build there is nothing to serve: counted as one failure rather than 281.
  if (want('build') && !results.find((r) => r.name === 'build')?.ok) {
    results.push({ name: 'e2e', ok: false, seconds: 0, cpu: 0, passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const file = path.join(ROOT, 'test-results', 'e2e.json');
  fs.rmSync(file, { force: true });
  const r = await runStage('e2e', bin('playwright'), ['test'], { stream: true });
  const report = readJson(file);
  const st = report?.stats;
  finish(r, { passed: st?.expected ?? 0, failed: st ? st.unexpected + (st.flaky ?? 0) : 1, skipped: st?.skipped ?? 0 });
  printSlowest('e2e files (summed over workers)', slowestPlaywrightFiles(report));
}

// Beside it: tsc and eslint (single-threaded, one core each), then the unit and integration tests.
async function checksThenVitest() {
  const checks = [
    ['typecheck', bin('tsc'), ['--noEmit']],
    // eslint, then the layer rules of docs/architecture.md (dependency-cruiser, .dependency-cruiser.cjs): `npm run lint`.
    ['lint', 'npm', ['run', '--silent', 'lint']],
  ].filter(([name]) => want(name));
  const done = await Promise.all(checks.map(([name, cmd, args]) => runStage(name, cmd, args, { nice: BESIDE })));
  for (const r of done) finish(r);
  if (want('unit')) await vitest('unit');
  if (want('integration')) await vitest('integration');
}

await Promise.all([buildThenE2e(), checksThenVitest()]);
results.sort((a, b) => STAGES.indexOf(a.name) - STAGES.indexOf(b.name));

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
