import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { LOCALES } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import { addToWaitingList, type WaitingListResult } from './join';
import { WAITING_LIST_LIMITS } from './limits';
import type en from '@/messages/en.json';

/** The add-to-waiting-list call of the original app: field names as its clients send them. */
const bodySchema = z.object({
  unitType: z.string().trim().toLowerCase().min(1).max(20),
  unitLabel: z.string().trim().max(WAITING_LIST_LIMITS.unitLabel).optional(),
  customerName: z.string().max(WAITING_LIST_LIMITS.name).optional().default(''),
  customerEmail: z.string().max(WAITING_LIST_LIMITS.email).optional().default(''),
  customerPhone: z.string().max(WAITING_LIST_LIMITS.phone).nullish(),
  language: z.enum(LOCALES).optional(),
});

type ErrorCode = 'invalid_request' | 'missing_fields' | 'invalid_email' | 'unknown_unit_type' | 'server_error';

export type WaitingListApiResult =
  | { status: 200; body: { success: true; title: string; message: string } }
  | { status: 400 | 500; body: { success: false; error: ErrorCode; title: string; message: string } };

type TextKey = keyof (typeof en)['waitingList'];

const FAILURES: Record<Exclude<WaitingListResult['status'], 'success'>, { status: 400 | 500; error: ErrorCode; title: TextKey; message: TextKey }> = {
  missing: { status: 400, error: 'missing_fields', title: 'missingTitle', message: 'missingMessage' },
  invalid_email: { status: 400, error: 'invalid_email', title: 'invalidEmailTitle', message: 'invalidEmailMessage' },
  // The body was well-formed, so the only refusal left in addToWaitingList is an unknown or retired unit type.
  error: { status: 400, error: 'unknown_unit_type', title: 'errorTitle', message: 'errorMessage' },
  server_error: { status: 500, error: 'server_error', title: 'serverErrorTitle', message: 'serverErrorMessage' },
};

/**
 * POST /api/waiting-list: the waiting-list dialog's call for other clients (the installed app, partners). Same rules and
 * messages as the dialog; the answer's texts are in the body's `language` (English by default). A new sign-up and an
 * address already listed get the same 200: the answer never tells whether somebody is on the list.
 */
export async function waitingListFromBody(db: Db, body: unknown): Promise<WaitingListApiResult> {
  const language = typeof body === 'object' && body !== null ? (body as { language?: unknown }).language : undefined;
  const t = translator(language, 'waitingList');
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      status: 400,
      body: { success: false, error: 'invalid_request', title: t('errorTitle'), message: `${issue.path.join('.') || 'body'}: ${issue.message}` },
    };
  }
  const input = parsed.data;
  const result = await addToWaitingList(db, {
    unitTypeCode: input.unitType,
    unitLabel: input.unitLabel,
    name: input.customerName,
    email: input.customerEmail,
    phone: input.customerPhone ?? undefined,
    locale: input.language ?? 'en',
  });
  if (result.status === 'success') return { status: 200, body: { success: true, title: t('successTitle'), message: t('successMessage') } };
  const failure = FAILURES[result.status];
  return { status: failure.status, body: { success: false, error: failure.error, title: t(failure.title), message: t(failure.message) } };
}
