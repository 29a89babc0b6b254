// `npm run lighthouse [baseUrl] [runs]`: mobile Lighthouse scores for the home page in three languages, FAQ, the space
// calculator and the booking wizard's first step in English and Thai, on a running server (default
// http://localhost:3000, e.g. after `npm start`). Each page is requested once first (a production server is warm; the
// first request after a start compiles and opens the database), then measured `runs` times (default 3): the run with
// the median performance score is reported, as Lighthouse's own guidance advises for its simulated throttling, and
// beside it the worst score and the worst layout shift of all runs, since a budget must hold on every run. Lighthouse is fetched by npx on first use; it is not a project dependency because it
// only measures.
// Each row also shows the host's speed as Lighthouse measured it (`benchmarkIndex`, lowest and highest of the runs):
// the simulated 4× CPU slowdown stands for a mid-range phone on a host of about 1,500; a slower or busier host makes
// the same page score lower (Lighthouse warns about it, and the warning is printed).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const base = (process.argv[2] || 'http://localhost:3000').replace(/\/$/, '');
const runs = Math.max(1, Number(process.argv[3] || 3));
const pages = (process.env.LH_PAGES || '/,/th,/ru,/faq,/space-calculator,/booking-v2,/th/booking-v2').split(',');
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
// The full browser: the end-to-end tests' headless shell (scripts/chromium.mjs) is not what a phone runs.
if (!fs.existsSync(chrome)) {
  console.error(`Lighthouse needs Chromium at ${chrome} (or CHROME_PATH). Install it with: sudo apt-get install -y chromium`);
  process.exit(1);
}
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-'));
// LH_HEADERS: a JSON object of extra request headers, e.g. a staff session cookie to measure /admin pages.
const extraHeaders = process.env.LH_HEADERS ? [`--extra-headers=${process.env.LH_HEADERS}`] : [];
const flags = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

function measure(page, run) {
  const file = path.join(out, `${page.replace(/\W+/g, '_') || 'home'}-${run}.json`);
  const res = spawnSync(
    'npx',
    ['--yes', 'lighthouse@12.8.2', `${base}${page}`, '--quiet', '--output=json', `--output-path=${file}`, `--chrome-flags=${flags}`,
      '--only-categories=performance,accessibility,best-practices,seo', ...extraHeaders],
    { env: { ...process.env, CHROME_PATH: chrome, npm_config_loglevel: 'error' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (res.status !== 0 || !fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

const pct = (r, c) => Math.round((r.categories[c]?.score ?? 0) * 100);
console.log(`load average (1/5/15 min) at start: ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')} on ${os.cpus().length} cores`);
console.log(`median of ${runs} run(s)          perf (all runs)  worst  a11y  best  seo   LCP    TBT     CLS    worst CLS  JS(kB gz)  host index`);
for (const page of pages) {
  await fetch(`${base}${page}`, { headers: process.env.LH_HEADERS ? JSON.parse(process.env.LH_HEADERS) : {} }).then((r) => r.arrayBuffer()).catch(() => {});
  const reports = [];
  for (let i = 0; i < runs; i++) {
    const r = measure(page, i);
    if (r) reports.push(r);
  }
  if (reports.length === 0) {
    console.log(`${page.padEnd(30)} failed`);
    continue;
  }
  reports.sort((a, b) => pct(a, 'performance') - pct(b, 'performance'));
  const r = reports[Math.floor(reports.length / 2)];
  const all = reports.map((x) => pct(x, 'performance')).join(',');
  const worst = pct(reports[0], 'performance');
  const worstCls = Math.max(...reports.map((x) => x.audits['cumulative-layout-shift']?.numericValue ?? 0));
  const scripts = (r.audits['network-requests']?.details?.items ?? []).filter((i) => i.resourceType === 'Script');
  const kb = scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0) / 1024;
  const index = reports.map((x) => Math.round(x.environment?.benchmarkIndex ?? 0));
  const hostIndex = `${Math.min(...index)}–${Math.max(...index)}`;
  const hostWarnings = new Set(reports.flatMap((x) => (x.runWarnings ?? []).filter((w) => /slower CPU/i.test(w))));
  const metric = (id) => (r.audits[id]?.displayValue ?? '').replace(/\s/g, '');
  console.log(
    `${page.padEnd(30)} ${String(pct(r, 'performance')).padStart(4)} (${all})`.padEnd(48) + `${String(worst).padStart(5)}  ` +
      `${String(pct(r, 'accessibility')).padStart(4)}  ${String(pct(r, 'best-practices')).padStart(4)}  ${String(pct(r, 'seo')).padStart(4)}  ` +
      `${metric('largest-contentful-paint').padEnd(6)} ${metric('total-blocking-time').padEnd(7)} ${metric('cumulative-layout-shift').padEnd(6)} ${worstCls.toFixed(3).padStart(9)}  ${kb.toFixed(1).padStart(8)}  ${hostIndex.padStart(10)}`,
  );
  for (const w of hostWarnings) console.log(`  Lighthouse: ${w.split('.')[0]}.`);
}
console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
console.log(`Reports: ${out}`);
