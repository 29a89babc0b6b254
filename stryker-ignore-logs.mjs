// StrykerJS ignorer (`npm run test:mutation`): mutants inside a call to the logger (`log.error(…)`, `log.warn(…)`)
// are left out of the score. What a log line says changes no money and no state, and no test reads log lines, so
// each of those mutants would survive and say nothing about the tests.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'log-calls', {
    shouldIgnore(path) {
      const node = path.node;
      if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression') return undefined;
      const target = node.callee.object;
      return target.type === 'Identifier' && target.name === 'log' ? 'a log line changes no money and no state' : undefined;
    },
  }),
];
