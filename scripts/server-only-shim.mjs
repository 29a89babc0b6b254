// Scripts run server modules outside Next: make `import 'server-only'` a no-op for imports made after this runs.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(
      'export async function resolve(s, c, next) { if (s === "server-only") return { url: "data:text/javascript,", shortCircuit: true }; return next(s, c); }',
    ),
);
