// The slowest test files of a stage, from its JSON report, so the next person chasing the suite's time starts where
// the time goes. Wall seconds of each file (on a shared machine they follow the load; their order much less).
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Vitest's report: each file's start and end. */
export function slowestVitestFiles(report, n = 5) {
  return (report?.testResults ?? [])
    .map((f) => ({ file: path.relative(ROOT, f.name), seconds: ((f.endTime ?? 0) - (f.startTime ?? 0)) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, n);
}

/** Playwright's report: the sum of each spec file's test durations (hooks included in their tests). */
export function slowestPlaywrightFiles(report, n = 5) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const r of t.results ?? []) byFile.set(spec.file ?? suite.file, (byFile.get(spec.file ?? suite.file) ?? 0) + (r.duration ?? 0) / 1000);
      }
    }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report?.suites ?? []) walk(s);
  return [...byFile].map(([file, seconds]) => ({ file, seconds })).sort((a, b) => b.seconds - a.seconds).slice(0, n);
}

export function printSlowest(title, rows) {
  if (!rows.length) return;
  console.log(`  slowest ${title}: ${rows.map((r) => `${r.file} ${Math.round(r.seconds)} s`).join(', ')}`);
}
