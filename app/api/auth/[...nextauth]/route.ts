import { handlers } from '@/lib/auth/next-auth';

// next-auth's own endpoints (session, csrf, credentials callback, sign-out). Sign-in attempts through them are
// limited and checked exactly like the sign-in form's (lib/auth/sign-in.ts).
export const { GET, POST } = handlers;
export const dynamic = 'force-dynamic';
