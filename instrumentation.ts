import type { Instrumentation } from 'next';

// Runs once when a server starts: validates the environment (a missing or malformed variable stops it with its name),
// then starts the in-server job scheduler (lib/jobs/scheduler.ts) and listens for public-data changes made by other
// servers (lib/platform/cache/change-feed.ts). Nothing runs while `next build` works.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    await import('./lib/env/check-on-start');
    if (process.env.NEXT_PHASE !== 'phase-production-build') {
      await (await import('./lib/server-start')).startBackgroundWork();
    }
  }
}

/**
 * Every error Next catches in a render, route handler, server action or the proxy: one JSON line with the request id
 * the server gave the request (scripts/server.mjs, or the reverse proxy in front of it), so the access-log line and this one can be found together. An error
 * tracker (Sentry, an OpenTelemetry exporter) is attached here (README "Deploying", "Errors and logs").
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { log } = await import('./lib/log');
  const reqId = request.headers['x-request-id'];
  log.error(
    {
      err: error,
      reqId: typeof reqId === 'string' ? reqId : undefined,
      method: request.method,
      // Without the query string: emailed links carry their tokens there.
      path: request.path.split('?')[0],
      route: context.routePath,
      routeType: context.routeType,
    },
    'request failed',
  );
};
