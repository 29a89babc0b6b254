import type http from 'node:http';

/**
 * A fake keeps an idle connection open longer than the app's HTTP clients do (undici's fetch, which Resend's and
 * OpenAI's SDKs use, keeps one about 4 s; Stripe's agent likewise), as real services do. With Node's default 5 s the
 * fake may close a connection just as the app sends on it, under a loaded test machine's delays, and the send fails as
 * a dropped connection ("Unable to fetch data" from Resend's SDK): a flaky test, not a fault of the app. 30 s stays
 * below the server's 60 s headers timeout.
 */
export function keepConnections(server: http.Server): void {
  server.keepAliveTimeout = 30_000;
}
