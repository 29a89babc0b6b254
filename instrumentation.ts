// Runs once when a server starts: validates the environment (a missing or malformed variable stops it with its name),
// then starts the in-server job scheduler (lib/jobs/scheduler.ts) and listens for public-data changes made by other
// servers (lib/cache/change-feed.ts). Nothing runs while `next build` works.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    await import('./lib/env/check-on-start');
    if (process.env.NEXT_PHASE !== 'phase-production-build') await (await import('./lib/server-start')).startBackgroundWork();
  }
}
