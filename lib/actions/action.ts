import 'server-only';
import { z } from 'zod';
import { getLocale } from 'next-intl/server';
import { toLocale, translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';
import { getStaffUser, hasRole, type StaffRole, type StaffUser } from '@/lib/auth/staff';
import { clientAddress } from '@/lib/rate-limit/client-address';
import type { RateLimitName } from '@/lib/rate-limit';
import { log } from '@/lib/log';
import { hasControlCharacters } from '@/lib/http/body';
import { FORBIDDEN_CHARACTERS_ALL } from '@/lib/validation/text';
import { Refusal, refusalAnswer, type RefusalAnswer } from './refusal';

/**
 * THE way to write a server action: `export const doThing = action(schema, async (input, ctx) => result, options)`.
 * The wrapper parses the input with zod, resolves the locale and the visitor's address once, checks the staff role and
 * the rate limit when asked, and answers in one shape:
 *   { ok: true, data }                                           success
 *   { ok: false, error: 'validation', message, fieldErrors, values } the input failed the schema; `values` refill the form
 *   { ok: false, error: 'rate_limited', message, retryAfterSeconds }
 *   { ok: false, error: 'forbidden' | 'server_error', message }
 *   { ok: false, error: <domain code>, message, ...extra }        a handler threw ActionFailure
 * Messages are translated into the request's language. Works with plain objects (client components) and with
 * useActionState forms: `(previousState, formData)`.
 */
export type FieldErrors = Record<string, string[]>;

export type ActionError = {
  ok: false;
  error: string;
  message: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, unknown>;
  retryAfterSeconds?: number;
  /** domain details a handler chose to send (for example the list of missing booking fields) */
  details?: string[];
};

export type ActionResult<T> = { ok: true; data: T } | ActionError;

export interface ActionContext {
  locale: Locale;
  /** the visitor's network address (lib/rate-limit/client-address.ts) */
  address: string;
  /** the browser's User-Agent, as sent (recorded with a signature) */
  userAgent: string | null;
  /** the signed-in staff member; set (and checked) when the action has a `role` */
  staff: StaffUser | null;
}

export interface ActionOptions {
  /** the staff role required; refused with 'forbidden' before anything else runs */
  role?: StaffRole;
  /** counted per visitor address before the handler runs */
  rateLimit?: RateLimitName;
  /** form fields never echoed back in `values` (passwords, one-time codes) */
  secretFields?: readonly string[];
}

/** Thrown by a handler to answer with a failure it has already put in words (a Refusal whose message is translated). */
export class ActionFailure extends Refusal {
  constructor(
    readonly code: string,
    message: string,
    readonly extra: Pick<ActionError, 'fieldErrors' | 'details' | 'retryAfterSeconds'> = {},
  ) {
    super(message);
  }
  say(): RefusalAnswer {
    return { message: this.message, ...this.extra };
  }
}

async function requestContext(): Promise<{ locale: Locale; address: string; userAgent: string | null }> {
  try {
    const { headers } = await import('next/headers');
    const [h, locale] = await Promise.all([headers(), getLocale().catch(() => undefined)]);
    return { locale: toLocale(locale), address: clientAddress(h), userAgent: h.get('user-agent') };
  } catch {
    // Called outside a request (a script or a test): English and no address.
    return { locale: toLocale(undefined), address: 'unknown', userAgent: null };
  }
}

function formDataToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith('$ACTION')) continue; // React's own fields
    if (key in out) out[key] = ([] as unknown[]).concat(out[key], value);
    else out[key] = value;
  }
  return out;
}

function echoValues(raw: unknown, secret: readonly string[]): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (secret.includes(k) || typeof v === 'object' || typeof v === 'function') continue;
    // Control characters are dropped from the echo, so the form refills with what can be sent again.
    out[k] = typeof v === 'string' ? v.replace(FORBIDDEN_CHARACTERS_ALL, '').slice(0, 2000) : v;
  }
  return out;
}

export function action<S extends z.core.$ZodType, T>(
  schema: S,
  handler: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
  options: ActionOptions = {},
) {
  return async function run(...args: [z.input<S> | FormData] | [unknown, FormData]): Promise<ActionResult<T>> {
    const raw = args.length === 2 ? args[1] : args[0];
    const input = raw instanceof FormData ? formDataToObject(raw) : raw;
    const { locale, address, userAgent } = await requestContext();
    const t = translator(locale, 'actions');

    let staff: StaffUser | null = null;
    if (options.role) {
      staff = await getStaffUser();
      if (!hasRole(staff, options.role)) return { ok: false, error: 'forbidden', message: t('forbidden') };
    }

    if (options.rateLimit) {
      const [{ db }, { consumeRateLimit }] = await Promise.all([import('@/lib/db'), import('@/lib/rate-limit')]);
      const limited = await consumeRateLimit(db, options.rateLimit, staff ? `staff:${staff.id}` : address);
      if (!limited.ok) {
        return { ok: false, error: 'rate_limited', message: t('rateLimited', { seconds: limited.retryAfterSeconds }), retryAfterSeconds: limited.retryAfterSeconds };
      }
    }

    // NUL and other control characters are never typed by a person; refused before any schema or database sees them.
    if (hasControlCharacters(input)) {
      return { ok: false, error: 'validation', message: t('validation'), fieldErrors: {}, values: echoValues(input, options.secretFields ?? []) };
    }
    const parsed = z.safeParse(schema, input);
    if (!parsed.success) {
      return {
        ok: false,
        error: 'validation',
        message: t('validation'),
        fieldErrors: z.flattenError(parsed.error).fieldErrors as FieldErrors,
        values: echoValues(input, options.secretFields ?? []),
      };
    }

    try {
      return { ok: true, data: await handler(parsed.data, { locale, address, userAgent, staff }) };
    } catch (error) {
      // Every refusal a domain throws (lib/actions/refusal.ts), ActionFailure among them, answers the same way.
      if (error instanceof Refusal) return refusalAnswer(error, locale);
      // Next's redirect() and notFound() work by throwing; they must pass through.
      if (isNextControlFlow(error)) throw error;
      log.error({ err: error }, 'action failed');
      return { ok: false, error: 'server_error', message: t('serverError') };
    }
  };
}

function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && (digest.startsWith('NEXT_REDIRECT') || digest.startsWith('NEXT_HTTP_ERROR_FALLBACK') || digest === 'NEXT_NOT_FOUND');
}
