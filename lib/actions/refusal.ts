/**
 * A refusal a domain throws: a change its rules do not allow, with its code and its words in the asker's language.
 * The action wrapper (lib/actions/action.ts) answers every Refusal the same way, `{ ok: false, error, message, … }`:
 * the one path from an error to an action's answer. A domain's error class extends it and says its own words in
 * `say`, so no action and no wrapper maps errors by hand. No imports: every level may extend it.
 */
export interface RefusalAnswer {
  /** the answer's `error` code when it is not the refusal's own */
  error?: string;
  message: string;
  fieldErrors?: Record<string, string[]>;
  details?: string[];
  retryAfterSeconds?: number;
}

export abstract class Refusal extends Error {
  /** what the form or the client keys on (the answer's `error`) */
  abstract readonly code: string;
  /** the refusal in the visitor's or staff member's language ('en' | 'th' | 'ru') */
  abstract say(locale: string): string | RefusalAnswer;
}

/** The action's answer for a refusal. */
export function refusalAnswer(refusal: Refusal, locale: string): { ok: false; error: string } & RefusalAnswer {
  const said = refusal.say(locale);
  const { error, ...rest } = typeof said === 'string' ? { message: said } : said;
  return { ok: false, error: error ?? refusal.code, ...rest };
}
