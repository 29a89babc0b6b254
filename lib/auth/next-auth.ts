import 'server-only';
import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { env } from '@/lib/env';
import { clientAddress } from '@/lib/rate-limit/client-address';
import { hasForbiddenCharacters } from '@/lib/validation/text';
import { isTrustedAuthHost } from './host-trust';
import { siteCallbackUrl } from './site-origin';
import { authSecret } from './secret';
import { verifyStaffSignIn, type SignInFailure } from './sign-in';

/** A staff session lasts 8 hours from the last request (a working day), and never more than 12 hours in all. */
export const STAFF_SESSION_IDLE_SECONDS = 8 * 60 * 60;
export const STAFF_SESSION_MAX_SECONDS = 12 * 60 * 60;

/** Carries the reason to the sign-in form; `code` is what next-auth exposes (never more than the reason). */
export class StaffSignInError extends CredentialsSignin {
  constructor(reason: SignInFailure, retryAfterSeconds?: number) {
    super(reason);
    this.code = retryAfterSeconds ? `${reason}:${retryAfterSeconds}` : reason;
  }
}

// A NUL or other control character never reaches the database (it used to end in a logged server error).
const clean = (s: string) => !hasForbiddenCharacters(s);
const credentialsSchema = z.object({
  email: z.string().trim().max(254).refine(clean),
  password: z.string().max(200).refine(clean),
  code: z.string().trim().max(12).refine(clean).optional().nullable(),
});

/**
 * Staff sign-in through next-auth (Auth.js): email and password (+ authenticator code) with the Credentials provider,
 * which requires JWT sessions. The JWT carries the user id, the account's session version and the sign-in time;
 * lib/auth/staff.ts checks them against the database on every request, so a deactivated account, a changed role or
 * password ends its sessions at once. The configuration is built per request so `next build` needs no secret.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(async (request) => {
  const { db } = await import('@/lib/db');
  return {
    secret: authSecret(),
    trustHost: await trustRequestHost(request?.headers),
    session: { strategy: 'jwt', maxAge: STAFF_SESSION_IDLE_SECONDS, updateAge: 15 * 60 },
    pages: { signIn: '/admin/sign-in', error: '/admin/sign-in' },
    providers: [
      Credentials({
        credentials: { email: {}, password: {}, code: {} },
        async authorize(raw, request) {
          const parsed = credentialsSchema.safeParse(raw);
          if (!parsed.success) throw new StaffSignInError('invalid');
          const outcome = await verifyStaffSignIn(db, parsed.data, clientAddress(request.headers));
          if (!outcome.ok) throw new StaffSignInError(outcome.reason, outcome.retryAfterSeconds);
          return { id: outcome.user.id, email: outcome.user.email, name: outcome.user.name, sessionVersion: outcome.user.sessionVersion };
        },
      }),
    ],
    callbacks: {
      // Every redirect names SITE_URL: an address of this site as it is, anything else the staff area's front page.
      redirect({ url }) {
        return siteCallbackUrl(url) ?? siteCallbackUrl('/admin')!;
      },
      jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
          token.signedInAt = Math.floor(Date.now() / 1000);
          // This session's own id: signing out ends it on the server (lib/auth/session-end.ts).
          token.sid = crypto.randomUUID();
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, staffId: token.sub, sessionVersion: token.sv, signedInAt: token.signedInAt, sessionId: token.sid } as typeof session;
      },
    },
    logger: {
      error(error) {
        // A refused sign-in is an expected outcome, not a server error.
        if (error instanceof CredentialsSignin) return;
        // A crafted callbackUrl (its route refuses most first, lib/auth/site-origin.ts) is a visitor's doing, not ours.
        if ((error as { type?: string }).type === 'InvalidCallbackUrl') {
          void import('@/lib/log').then(({ log }) => log.warn({ reason: 'InvalidCallbackUrl' }, 'auth: callback address refused'));
          return;
        }
        void import('@/lib/log').then(({ log }) => log.error({ err: error }, 'auth error'));
      },
    },
  };
});

/**
 * next-auth calls the configuration with the request for its routes, and with none from server components and
 * actions (`auth()`, `signIn()`), where the request's headers come from next/headers.
 */
async function trustRequestHost(requestHeaders: Headers | undefined): Promise<boolean> {
  let headers = requestHeaders;
  if (!headers) {
    try {
      const { headers: readHeaders } = await import('next/headers');
      headers = new Headers(await readHeaders());
    } catch {
      // Outside a request (scripts, unit tests): nothing is served, so nothing is built from a host.
      return true;
    }
  }
  const { SITE_URL, TRUSTED_PROXY_HOPS, NODE_ENV } = env();
  return isTrustedAuthHost({ headers, siteUrl: SITE_URL, trustedProxyHops: TRUSTED_PROXY_HOPS, production: NODE_ENV === 'production' });
}
