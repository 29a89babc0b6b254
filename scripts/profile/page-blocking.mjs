// How long a page keeps a phone's main thread busy while it starts, and on what (docs/performance.md, "Lighthouse").
// Lighthouse's score moves with its Total Blocking Time, and on a shared host one Lighthouse run says little; this
// loads the page in Chromium at Lighthouse's 4× CPU slowdown and a phone's viewport, `runs` times, and prints the sum
// of each long task's time over 50 ms (the blocking time) for every run and their median. With --modules, one more run
// records a CPU profile and prints where the script time went: the build's chunk and module (its Turbopack id and the
// module's first characters, which name it well enough to find in `.next/static/chunks`).
// Usage: node scripts/profile/page-blocking.mjs <base url> <path> [runs] [--modules]
// Compare two builds by serving each in turn and alternating rounds: the host's own speed drifts between minutes.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const modules = args.includes('--modules');
const [base, pagePath, runsArg = '5'] = args.filter((a) => a !== '--modules');
const runs = Number(runsArg);
if (!base || !pagePath || !Number.isInteger(runs) || runs < 1) throw new Error('usage: node scripts/profile/page-blocking.mjs <base url> <path> [runs] [--modules]');
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHUNKS = path.resolve(import.meta.dirname, '../../.next/static/chunks');

const browser = await chromium.launch({ executablePath: chrome });

async function load({ profile }) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(new URL(pagePath, base).toString(), { waitUntil: 'load' });
  await page.waitForTimeout(6000);
  const tasks = await page.evaluate(() => window.__longTasks);
  const cpu = profile ? (await cdp.send('Profiler.stop')).profile : null;
  await context.close();
  return { tasks, blocking: tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0), cpu };
}

const blocking = [];
for (let i = 0; i < runs; i++) {
  const { tasks, blocking: ms } = await load({ profile: false });
  blocking.push(ms);
  console.log(`${pagePath} run ${i + 1}: blocking ${ms} ms; long tasks (start, ms) ${JSON.stringify(tasks)}`);
}
const sorted = [...blocking].sort((a, b) => a - b);
console.log(`${pagePath}: blocking time median ${sorted[Math.floor(sorted.length / 2)]} ms (${sorted.join(', ')})`);

if (modules) {
  const { cpu } = await load({ profile: true });
  const nodes = new Map(cpu.nodes.map((n) => [n.id, n]));
  const starts = new Map();
  /** Where each module of a chunk starts: Turbopack writes `,<id>,e=>{` (or `(e,t,n)=>{`, `t=>{`) before each body. */
  function moduleStarts(file) {
    if (!starts.has(file)) {
      const found = [];
      try {
        fs.readFileSync(path.join(CHUNKS, file), 'utf8')
          .split('\n')
          .forEach((text, line) => {
            for (const m of text.matchAll(/[,[](\d{2,7}),(?:\w|\([\w,]*\))=>\{/g)) found.push({ line, column: m.index, label: `${m[1]} ${text.slice(m.index, m.index + 70)}` });
          });
      } catch {
        // not one of this build's chunks (a browser built-in, the page's own inline script)
      }
      starts.set(file, found);
    }
    return starts.get(file);
  }
  const self = new Map();
  for (let i = 0; i < cpu.samples.length; i++) {
    const frame = nodes.get(cpu.samples[i]).callFrame;
    const file = frame.url.split('/').pop();
    if (!file) continue;
    let where = '';
    for (const s of moduleStarts(file)) if (s.line < frame.lineNumber || (s.line === frame.lineNumber && s.column <= frame.columnNumber)) where = s.label;
    const key = `${file} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + (cpu.timeDeltas[i + 1] ?? 0) / 1000);
  }
  console.log('\nScript time by chunk and module (ms, at the 4× slowdown; a chunk without a module is the framework or the runtime):');
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${String(Math.round(ms)).padStart(6)}  ${key}`);
}
await browser.close();
