// `npm run lighthouse [baseUrl]`: mobile Lighthouse scores for home, FAQ and the space calculator of a running server
// (default http://localhost:3000, e.g. after `npm start`). Lighthouse is fetched by npx on first use; it is not a
// project dependency because it only measures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const base = (process.argv[2] || 'http://localhost:3000').replace(/\/$/, '');
const pages = ['/', '/faq', '/space-calculator', '/th', '/ru/faq'];
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-'));
const flags = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

console.log('page                      perf  a11y  best  seo   JS(kB gz)');
for (const p of pages) {
  const file = path.join(out, `${p.replace(/\W+/g, '_') || 'home'}.json`);
  const res = spawnSync(
    'npx',
    ['--yes', 'lighthouse@12.8.2', `${base}${p}`, '--quiet', '--output=json', `--output-path=${file}`, `--chrome-flags=${flags}`,
      '--only-categories=performance,accessibility,best-practices,seo'],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (res.status !== 0 || !fs.existsSync(file)) {
    console.log(`${p.padEnd(25)} failed`);
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const score = (c) => String(Math.round((r.categories[c]?.score ?? 0) * 100)).padStart(4);
  const scripts = (r.audits['network-requests']?.details?.items ?? []).filter((i) => i.resourceType === 'Script');
  const kb = scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0) / 1024;
  console.log(`${p.padEnd(25)} ${score('performance')}  ${score('accessibility')}  ${score('best-practices')}  ${score('seo')}  ${kb.toFixed(1).padStart(8)}`);
}
console.log(`Reports: ${out}`);
