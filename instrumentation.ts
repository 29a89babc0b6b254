// Validates the environment when the server starts: a missing or malformed variable stops it with its name.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    await import('./lib/env/check-on-start');
  }
}
