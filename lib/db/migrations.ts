/**
 * Offline migrations through Prisma's schema engine compiled to WebAssembly: the CLI's `migrate` commands need a
 * native binary this machine cannot download. Applied migrations are recorded in `_prisma_migrations` exactly as
 * `prisma migrate deploy` records them, so the real CLI can take over wherever it is available.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { pgConfigFromUrl, type DbTarget } from './target';
import { openPGlite } from './pglite';

const ROOT = process.cwd();
export const SCHEMA_PATH = path.join(ROOT, 'prisma', 'schema.prisma');
export const MIGRATIONS_DIR = path.join(ROOT, 'prisma', 'migrations');
const FILTERS = { externalTables: [] as string[], externalEnums: [] as string[] };

type Engine = {
  applyMigrations(i: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(i: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  reset(i: unknown): Promise<void>;
  free(): void;
};

type EngineModule = { SchemaEngine: { new: (o: unknown, log: (s: string) => void, a: unknown) => Promise<Engine> } };
let engineModule: Promise<EngineModule> | undefined;

/** Instantiated once per process: wasm-bindgen's JS glue caches views of the first instance's memory. */
function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= instantiateEngineModule();
  return engineModule;
}

async function instantiateEngineModule(): Promise<EngineModule> {
  const require = createRequire(import.meta.url);
  const pkgDir = path.dirname(require.resolve('@prisma/schema-engine-wasm'));
  const bg = await import(path.join(pkgDir, 'schema_engine_bg.js'));
  const bytes = fs.readFileSync(path.join(pkgDir, 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  return bg as EngineModule;
}

type Factory = ConstructorParameters<typeof PrismaPGlite> extends never ? never : {
  connect(): Promise<unknown>;
  connectToShadowDb(): Promise<unknown>;
};

/** pglite-prisma-adapter's executeScript does not await, so a failing migration would read as applied. */
function pgliteFactory(client: PGlite) {
  const inner = new PrismaPGlite(client);
  const patch = <T extends { executeScript: (s: string) => Promise<void> }>(adapter: T, c: PGlite): T => {
    adapter.executeScript = async (script: string) => {
      try {
        await c.exec(script);
      } catch (e) {
        (adapter as unknown as { onError(e: unknown): never }).onError(e);
      }
    };
    return adapter;
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => patch(await inner.connect(), client),
    connectToShadowDb: async () => {
      const shadow = openPGlite();
      const f = new PrismaPGlite(shadow);
      return patch(await f.connect(), shadow);
    },
  };
}

/** adapter-pg splits scripts on ';' (breaking $$ bodies): run each script as one query instead. */
function postgresFactory(url: string) {
  const config = pgConfigFromUrl(url);
  const inner = new PrismaPg(config);
  const patch = <T extends { executeScript: (s: string) => Promise<void>; underlyingDriver(): pg.Pool }>(adapter: T): T => {
    adapter.executeScript = async (script: string) => {
      try {
        await adapter.underlyingDriver().query(script);
      } catch (e) {
        (adapter as unknown as { onError(e: unknown): never }).onError(e);
      }
    };
    return adapter;
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => patch(await inner.connect()),
    connectToShadowDb: async () => {
      throw new Error('No shadow database on PostgreSQL: create migrations with `npm run db:migrate:create` (uses PGlite)');
    },
  };
}

function readMigrationsList() {
  const dirs = fs.existsSync(MIGRATIONS_DIR)
    ? fs.readdirSync(MIGRATIONS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  const lockPath = path.join(MIGRATIONS_DIR, 'migration_lock.toml');
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: 'migration_lock.toml', content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((name) => {
      const file = path.join(MIGRATIONS_DIR, name, 'migration.sql');
      return {
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: fs.existsSync(file) ? { tag: 'ok', value: fs.readFileSync(file, 'utf8') } : { tag: 'error', value: 'missing migration.sql' },
        },
      };
    }),
  };
}

async function withEngine<T>(factory: unknown, fn: (engine: Engine) => Promise<T>, log = false): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const schema = fs.readFileSync(SCHEMA_PATH, 'utf8');
  const engine = await SchemaEngine.new(
    { datamodels: [[SCHEMA_PATH, schema]] },
    (line: string) => {
      if (log) process.stderr.write(`${line}\n`);
    },
    bindMigrationAwareSqlAdapterFactory(factory as Parameters<typeof bindMigrationAwareSqlAdapterFactory>[0]),
  );
  try {
    return await fn(engine);
  } finally {
    engine.free();
  }
}

async function withTarget<T>(target: DbTarget, fn: (factory: unknown) => Promise<T>): Promise<T> {
  if (target.kind === 'pglite') {
    fs.mkdirSync(target.dir, { recursive: true });
    const client = openPGlite(target.dir);
    try {
      return await fn(pgliteFactory(client));
    } finally {
      await client.close();
    }
  }
  const factory = postgresFactory(target.url);
  return fn(factory);
}

/** Applies pending migrations; returns the names applied now. */
export async function deployMigrations(target: DbTarget): Promise<string[]> {
  return withTarget(target, (factory) =>
    withEngine(factory, async (engine) => {
      const out = await engine.applyMigrations({ migrationsList: readMigrationsList(), filters: FILTERS });
      return out.appliedMigrationNames;
    }),
  );
}

/** Drops everything in the public schema, then applies all migrations. */
export async function resetDatabase(target: DbTarget): Promise<string[]> {
  if (target.kind === 'pglite') {
    fs.rmSync(target.dir, { recursive: true, force: true });
  } else {
    const client = new pg.Client(pgConfigFromUrl(target.url));
    await client.connect();
    try {
      await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    } finally {
      await client.end();
    }
  }
  return deployMigrations(target);
}

/** Diffs the migrations folder against schema.prisma on an in-memory PGlite and writes a new migration, if any. */
export async function createMigration(name: string): Promise<string | null> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'migration';
  const client = openPGlite();
  try {
    const list = readMigrationsList();
    const result = await withEngine(pgliteFactory(client), (engine) =>
      engine.diff({
        from: list.migrationDirectories.length ? { tag: 'migrations', ...list } : { tag: 'empty' },
        to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: fs.readFileSync(SCHEMA_PATH, 'utf8') }] },
        script: true,
        exitCode: true,
        filters: FILTERS,
      }),
    );
    if (result.exitCode !== 2 || !result.stdout?.trim()) return null;
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const dir = path.join(MIGRATIONS_DIR, `${stamp}_${slug}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'migration.sql'), result.stdout);
    const lock = path.join(MIGRATIONS_DIR, 'migration_lock.toml');
    if (!fs.existsSync(lock)) {
      fs.writeFileSync(lock, '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n');
    }
    return dir;
  } finally {
    await client.close();
  }
}

export type { Factory };
