import { createMigration, deployMigrations, resetDatabase } from '@/lib/db/migrations';
import { describeTarget, resolveDbTarget } from '@/lib/db/target';

const [command, ...args] = process.argv.slice(2);

async function main() {
  const target = resolveDbTarget();
  switch (command) {
    case 'deploy': {
      const applied = await deployMigrations(target);
      console.log(applied.length ? `Applied ${applied.length} migration(s) to ${describeTarget(target)}: ${applied.join(', ')}` : `Database is up to date (${describeTarget(target)}).`);
      break;
    }
    case 'create': {
      const name = args[0];
      if (!name) throw new Error('Usage: npm run db:migrate:create <name>');
      const dir = await createMigration(name);
      console.log(dir ? `Created ${dir}` : 'No schema changes: nothing to create.');
      break;
    }
    case 'reset': {
      const applied = await resetDatabase(target);
      console.log(`Reset ${describeTarget(target)} and applied ${applied.length} migration(s).`);
      break;
    }
    default:
      throw new Error('Usage: tsx scripts/db/migrate.ts deploy|create <name>|reset');
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
