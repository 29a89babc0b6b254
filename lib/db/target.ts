import path from 'node:path';
import { env, type Env } from '@/lib/env';

/** Where the data lives: a real PostgreSQL when DATABASE_URL is a postgres URL, otherwise embedded PGlite in a folder. */
export type DbTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

export function resolveDbTarget(config: Pick<Env, 'DATABASE_URL' | 'PGLITE_DIR'> = env()): DbTarget {
  const url = config.DATABASE_URL;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('DATABASE_URL must start with postgres:// or postgresql:// (leave it unset to use the embedded database)');
    }
    return { kind: 'postgres', url };
  }
  return { kind: 'pglite', dir: path.resolve(/*turbopackIgnore: true*/ config.PGLITE_DIR) };
}

/**
 * Discrete connection fields: given a bare connectionString, adapter-pg points its migration shadow database at the
 * main database and drops it while cleaning up.
 */
export function pgConfigFromUrl(url: string) {
  const u = new URL(url);
  return {
    host: decodeURIComponent(u.hostname) || '127.0.0.1',
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username) || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
    ssl: u.searchParams.get('sslmode') === 'require' ? { rejectUnauthorized: false } : undefined,
  };
}

export function describeTarget(t: DbTarget): string {
  if (t.kind === 'pglite') return `embedded PGlite at ${t.dir}`;
  const c = pgConfigFromUrl(t.url);
  return `PostgreSQL ${c.host}:${c.port}/${c.database}`;
}
