import { parseEnv } from '@/lib/env/schema';

try {
  parseEnv(process.env);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
