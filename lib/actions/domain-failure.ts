import 'server-only';
import { ActionFailure } from './action';

/** A refusal a domain function returns (e.g. submitDraft in lib/booking/submit-draft.ts): its code, translated message, details. */
export type DomainFailure = { ok: false; error: string; message: string; details?: string[] };

/**
 * A domain's answer inside an action: the success as it is, or the refusal thrown as the action's failure (the code as
 * `error`, the details such as missing fields as `details`). lib/actions knows no domain; domains return this shape.
 */
export function failIfRefused<T extends { ok: true }>(r: T | DomainFailure): T {
  if (!r.ok) throw new ActionFailure(r.error, r.message, r.details ? { details: r.details } : {});
  return r;
}
