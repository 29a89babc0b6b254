import 'server-only';
import { parseEnv, type Env } from './schema';

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
