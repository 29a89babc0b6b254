import path from 'node:path';
import { defineConfig } from 'prisma/config';

// `prisma generate` needs no engine, but the CLI insists on a schema-engine path; any file satisfies it offline.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve('package.json');
process.env.CHECKPOINT_DISABLE ??= '1';

export default defineConfig({
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
});
