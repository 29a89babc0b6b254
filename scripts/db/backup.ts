/**
 * Backups of everything the business keeps: the database (bookings, invoices, payments, and the uploads stored in it)
 * and whatever the upload folder still holds (README "Deploying", "Backups and restore").
 *
 *   npm run db:backup [-- file.tar.gz]            writes backups/pss-<time>.tar.gz unless a file is named
 *   npm run db:restore -- file.tar.gz [--force]   puts it back into the configured database and upload folder
 *
 * PostgreSQL (DATABASE_URL) is dumped with pg_dump while the site runs (a consistent snapshot) and restored with
 * pg_restore, replacing the objects it contains. The embedded database (PGLITE_DIR) can be opened by one process
 * only, so both commands refuse while a server has it open (its postmaster.pid is present): stop the server, run
 * the command, start it again. `--force` overrides that check after a crash left the pid file behind.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '@/lib/db/pglite';
import { env } from '@/lib/env';
import { describeTarget, resolveDbTarget, type DbTarget } from '@/lib/db/target';

type Manifest = { format: 1; createdAt: string; database: 'postgres' | 'pglite'; uploads: boolean };

function sh(command: string, args: string[], what: string) {
  const r = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(`${what} needs \`${command}\`, which is not installed here (Debian: apt-get install -y postgresql-client).`);
  }
  if (r.status !== 0) throw new Error(`${what} failed (${command} exited ${r.status}): ${r.stderr?.trim()}`);
}

function refuseOpenPglite(dir: string, force: boolean) {
  if (!force && fs.existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new Error(
      `The embedded database in ${dir} is open: a server is running on it (or stopped without closing it). Stop the server first; after a crash, add --force.`,
    );
  }
}

function uploadDir(): string {
  return path.resolve(env().UPLOAD_DIR);
}

export async function backup(file: string, { force = false } = {}): Promise<string> {
  const target = resolveDbTarget();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-backup-'));
  try {
    if (target.kind === 'postgres') {
      sh('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(work, 'database.dump')}`, `--dbname=${target.url}`], 'The database dump');
    } else {
      refuseOpenPglite(target.dir, force);
      const pg = await PGlite.create(target.dir, { extensions: PGLITE_EXTENSIONS });
      try {
        // Uncompressed: the outer tar.gz compresses it (PGlite's own gzip stalled on a 40 MB folder here).
        const dump = await pg.dumpDataDir('none');
        fs.writeFileSync(path.join(work, 'pglite.tar'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await pg.close();
      }
    }
    const uploads = fs.existsSync(uploadDir()) && fs.readdirSync(uploadDir()).length > 0;
    if (uploads) fs.cpSync(uploadDir(), path.join(work, 'uploads'), { recursive: true });
    const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), database: target.kind, uploads };
    fs.writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    const out = path.resolve(file);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    // Written beside the target first, so an interrupted backup never leaves a truncated file under the real name.
    sh('tar', ['-czf', `${out}.partial`, '-C', work, '.'], 'Packing the backup');
    fs.renameSync(`${out}.partial`, out);
    fs.chmodSync(out, 0o600);
    return out;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export async function restore(file: string, { force = false } = {}): Promise<{ target: DbTarget; manifest: Manifest }> {
  const target = resolveDbTarget();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-restore-'));
  try {
    sh('tar', ['-xzf', path.resolve(file), '-C', work], 'Unpacking the backup');
    const manifest = JSON.parse(fs.readFileSync(path.join(work, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== 1) throw new Error(`Unknown backup format ${manifest.format}.`);
    if (manifest.database !== target.kind) {
      throw new Error(`This backup holds a ${manifest.database} database; the configured database is ${describeTarget(target)}.`);
    }
    if (target.kind === 'postgres') {
      sh('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${target.url}`, path.join(work, 'database.dump')], 'The database restore');
    } else {
      refuseOpenPglite(target.dir, force);
      // The current folder is kept aside, not deleted: a restore of the wrong file can be undone.
      if (fs.existsSync(target.dir) && fs.readdirSync(target.dir).length > 0) {
        fs.renameSync(target.dir, `${target.dir}.before-restore-${Date.now()}`);
      }
      fs.mkdirSync(path.dirname(target.dir), { recursive: true });
      const data = fs.readFileSync(path.join(work, 'pglite.tar'));
      const pg = await PGlite.create(target.dir, { extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([data]) });
      await pg.query('select 1');
      await pg.close();
    }
    if (manifest.uploads) fs.cpSync(path.join(work, 'uploads'), uploadDir(), { recursive: true });
    return { target, manifest };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const file = rest.find((a) => !a.startsWith('--'));
  if (command === 'backup') {
    const name = file ?? path.join('backups', `pss-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
    console.log(`Backed up ${describeTarget(resolveDbTarget())} to ${await backup(name, { force })}`);
  } else if (command === 'restore' && file) {
    const { target } = await restore(file, { force });
    console.log(`Restored ${file} into ${describeTarget(target)}. Run \`npm run db:migrate\` if the backup is older than this release.`);
  } else {
    throw new Error('Usage: npm run db:backup [-- file.tar.gz] | npm run db:restore -- file.tar.gz [--force]');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // PGlite's work holds no handle open, so without this Node could end the process, exit code 0, halfway through.
  const keepAlive = setInterval(() => {}, 60_000);
  try {
    await main();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  } finally {
    clearInterval(keepAlive);
  }
}
