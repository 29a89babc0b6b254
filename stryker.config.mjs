// StrykerJS for `npm run test:mutation` (scripts/mutation.mjs sets MUTATION_MODULE, MUTATE and MUTATION_TESTS per
// module). Concurrency stays at 2: the development machine is shared.
const mutationModule = process.env.MUTATION_MODULE ?? 'pricing';

const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './stryker-ignore-logs.mjs'],
  ignorers: ['log-calls'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: (process.env.MUTATE ?? 'lib/pricing/*.ts,!lib/pricing/*.test.ts').split(','),
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  incremental: true,
  incrementalFile: `reports/mutation/${mutationModule}.incremental.json`,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `reports/mutation/${mutationModule}.json` },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0, reportScoreTable: true },
  // One sandbox folder per module, so two modules can be measured at the same time; neither copies the other's.
  tempDirName: `.stryker-tmp/${mutationModule}`,
  ignorePatterns: ['/.stryker-tmp'],
  cleanTempDir: 'always',
  // A mutant whose tests outlast this (on top of 1.5× their unmutated time) counts as detected, as an endless loop
  // would be. Modules whose tests open a database set more (MUTATION_TIMEOUT_MS, from scripts/mutation.mjs): on a busy
  // machine their setup alone can pass 20 s, and a false timeout would count a surviving mutant as killed.
  timeoutMS: Number(process.env.MUTATION_TIMEOUT_MS ?? 20_000),
  ignoreStatic: true,
  thresholds: { high: 90, low: 80, break: null },
};

export default config;
