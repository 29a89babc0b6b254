// What staff are told (docs/product-rules.md#staff-alerts). Pure: shared by the preferences page and the senders.

/** Each alert a staff member may receive by email; every one is on until they switch it off. */
export const STAFF_ALERT_KINDS = ['new_booking', 'slip_to_check', 'cash_due_today', 'chat_waiting', 'job_failed', 'hold_waiting', 'paid_no_unit', 'no_unit_free', 'privacy_request', 'morning_digest'] as const;
export type StaffAlertKind = (typeof STAFF_ALERT_KINDS)[number];

export const isStaffAlertKind = (v: string): v is StaffAlertKind => (STAFF_ALERT_KINDS as readonly string[]).includes(v);

/** Whether a member with these switched off receives `kind`. */
export const receives = (alertsOff: readonly string[], kind: StaffAlertKind) => !alertsOff.includes(kind);

/** Where each alert's work is done in the admin. */
export const ALERT_HREF: Record<Exclude<StaffAlertKind, 'morning_digest'>, string> = {
  new_booking: '/admin/bookings',
  slip_to_check: '/admin/payments',
  cash_due_today: '/admin/bookings?method=cash&status=reserved',
  chat_waiting: '/admin/conversations',
  job_failed: '/admin/jobs',
  hold_waiting: '/admin/bookings?status=reserved',
  paid_no_unit: '/admin/today',
  no_unit_free: '/admin/today',
  privacy_request: '/admin/privacy',
};
