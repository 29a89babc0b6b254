import next from 'eslint-config-next';

const config = [
  { ignores: ['node_modules/**', '.next*/**', 'generated/**', '.data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', '.stryker-tmp/**', 'reports/**', 'tools/**'] },
  ...next,
];

export default config;
