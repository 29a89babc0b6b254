// StrykerJS ignorer (`npm run test:mutation`): mutants inside a call to the logger (`log.error(…)`, `log.warn(…)`)
// are left out of the score. What a log line says changes no money and no state, and no test reads log lines, so
// each of those mutants would survive and say nothing about the tests.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'log-calls', {
    shouldIgnore(path) {
      // The call itself, the statement that is only that call (Stryker's CallExpression mutator empties it to `;`), and
      // an arrow whose whole body is that call (`.catch((e) => log.error(…))`: `() => undefined` swallows the error the same).
      const node = path.node.type === 'ExpressionStatement' ? path.node.expression : path.node.type === 'ArrowFunctionExpression' ? path.node.body : path.node;
      if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression') return undefined;
      const target = node.callee.object;
      return target.type === 'Identifier' && target.name === 'log' ? 'a log line changes no money and no state' : undefined;
    },
  }),
];
