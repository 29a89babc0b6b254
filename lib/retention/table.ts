/**
 * The retention table (docs/product-rules.md#personal-data-pdpa): every kind of personal data the business keeps, how
 * long, counted from what, and what happens at the end. ONE table: the scheduled jobs enforce it
 * (lib/privacy/retention-jobs.ts, each row names its job) and the privacy notice renders it (lib/retention/notice-table.ts
 * replaces the notice's {{retentionTable}} with these rows), so the notice cannot promise what the code does not do.
 * Pure: no I/O, imported by pages, jobs and tests alike. Its own folder, below every domain whose data it times
 * (identity, payment slips, privacy, legal), so each can read its row without importing another.
 */

export type RetentionUnit = 'hours' | 'days' | 'months' | 'years';
export type RetentionAction = 'delete' | 'anonymise';
/** What the period is counted from (each has its wording in messages: privacy.retention.from.<anchor>). */
export type RetentionAnchor = 'rental_end' | 'booking_end' | 'last_message' | 'joined' | 'last_change' | 'sent' | 'expiry' | 'upload' | 'recorded' | 'choice' | 'answered' | 'closed';

export interface RetentionRule {
  kind: RetentionKind;
  amount: number;
  unit: RetentionUnit;
  from: RetentionAnchor;
  action: RetentionAction;
  /** the scheduled job that enforces the row (lib/jobs/index.ts), or `cctv_recorder`: the facility's recorder overwrites */
  enforcedBy: 'retention' | 'purge-rate-limits' | 'purge-uploads' | 'cctv_recorder';
}

export const RETENTION_KINDS = [
  'rental_records',
  'unconverted_bookings',
  'identity_files',
  'condition_photos',
  'gate_records',
  'chats',
  'waiting_list',
  'drafts',
  'message_copies',
  'line_links',
  'one_time_codes',
  'unattached_uploads',
  'rate_limits',
  'consent_records',
  'privacy_requests',
  'breach_records',
  'audit_log',
  'cctv',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/**
 * In the order the notice lists them. Tax invoices, credit notes and payments are never deleted: at the end of the
 * legal period (Revenue Code s. 87/3 and the Accounting Act: 5 years) the rental's person is anonymised and the
 * amounts stay.
 */
export const RETENTION: readonly RetentionRule[] = [
  { kind: 'rental_records', amount: 5, unit: 'years', from: 'rental_end', action: 'anonymise', enforcedBy: 'retention' },
  { kind: 'unconverted_bookings', amount: 12, unit: 'months', from: 'booking_end', action: 'anonymise', enforcedBy: 'retention' },
  { kind: 'identity_files', amount: 90, unit: 'days', from: 'rental_end', action: 'delete', enforcedBy: 'retention' },
  { kind: 'condition_photos', amount: 12, unit: 'months', from: 'rental_end', action: 'delete', enforcedBy: 'retention' },
  { kind: 'gate_records', amount: 12, unit: 'months', from: 'rental_end', action: 'delete', enforcedBy: 'retention' },
  { kind: 'chats', amount: 12, unit: 'months', from: 'last_message', action: 'delete', enforcedBy: 'retention' },
  { kind: 'waiting_list', amount: 12, unit: 'months', from: 'joined', action: 'delete', enforcedBy: 'retention' },
  { kind: 'drafts', amount: 30, unit: 'days', from: 'last_change', action: 'delete', enforcedBy: 'retention' },
  { kind: 'message_copies', amount: 12, unit: 'months', from: 'sent', action: 'delete', enforcedBy: 'retention' },
  { kind: 'line_links', amount: 12, unit: 'months', from: 'rental_end', action: 'delete', enforcedBy: 'retention' },
  { kind: 'one_time_codes', amount: 1, unit: 'days', from: 'expiry', action: 'delete', enforcedBy: 'retention' },
  { kind: 'unattached_uploads', amount: 1, unit: 'days', from: 'upload', action: 'delete', enforcedBy: 'purge-uploads' },
  { kind: 'rate_limits', amount: 1, unit: 'hours', from: 'expiry', action: 'delete', enforcedBy: 'purge-rate-limits' },
  { kind: 'consent_records', amount: 5, unit: 'years', from: 'choice', action: 'delete', enforcedBy: 'retention' },
  // The record that a right was honoured (or a breach handled) is the controller's proof to the regulator; kept as long
  // as the other records of proof (consents, the audit log), counted from the answer or the case's closing. An open
  // request or an open case is never deleted.
  { kind: 'privacy_requests', amount: 5, unit: 'years', from: 'answered', action: 'delete', enforcedBy: 'retention' },
  { kind: 'breach_records', amount: 5, unit: 'years', from: 'closed', action: 'delete', enforcedBy: 'retention' },
  { kind: 'audit_log', amount: 5, unit: 'years', from: 'recorded', action: 'delete', enforcedBy: 'retention' },
  { kind: 'cctv', amount: 30, unit: 'days', from: 'recorded', action: 'delete', enforcedBy: 'cctv_recorder' },
];

export function retentionRule(kind: RetentionKind): RetentionRule {
  const rule = RETENTION.find((r) => r.kind === kind);
  if (!rule) throw new Error(`no retention rule for ${kind}`);
  return rule;
}

/**
 * The moment before which data of this kind is past its period, as of `now`: anything whose anchor (rental end, last
 * message…) is earlier than this is due. Months and years are calendar months (UTC), so 12 months after 31 March is
 * 31 March of the next year.
 */
export function retentionCutoff(kind: RetentionKind, now: Date): Date {
  const { amount, unit } = retentionRule(kind);
  const d = new Date(now);
  if (unit === 'hours') d.setTime(d.getTime() - amount * 3_600_000);
  else if (unit === 'days') d.setTime(d.getTime() - amount * 86_400_000);
  else if (unit === 'months') d.setUTCMonth(d.getUTCMonth() - amount);
  else d.setUTCFullYear(d.getUTCFullYear() - amount);
  return d;
}

/** The day a piece of data anchored at `anchor` becomes due (the inverse of retentionCutoff, for tests and staff pages). */
export function retentionEnds(kind: RetentionKind, anchor: Date): Date {
  const { amount, unit } = retentionRule(kind);
  const d = new Date(anchor);
  if (unit === 'hours') d.setTime(d.getTime() + amount * 3_600_000);
  else if (unit === 'days') d.setTime(d.getTime() + amount * 86_400_000);
  else if (unit === 'months') d.setUTCMonth(d.getUTCMonth() + amount);
  else d.setUTCFullYear(d.getUTCFullYear() + amount);
  return d;
}
