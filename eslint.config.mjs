import next from 'eslint-config-next';

const config = [
  { ignores: ['node_modules/**', '.next*/**', 'generated/**', '.data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', '.stryker-tmp/**', 'reports/**', 'tools/**', 'lib/log/options.d.mts'] },
  ...next,
];

export default config;
