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
  timeoutMS: 20_000,
  ignoreStatic: true,
  thresholds: { high: 90, low: 80, break: null },
};

export default config;
