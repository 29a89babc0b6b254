'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { saveAlertPreferences } from '@/lib/staff-alerts';
import { STAFF_ALERT_KINDS } from '@/lib/staff-alerts/kinds';
import { auditOwnAlertChoices } from '@/lib/staff/accounts';

const checkbox = z.preprocess((v) => v === 'on' || v === 'true', z.boolean());

/** The signed-in member's own alert choices (docs/product-rules.md#staff-alerts). */
export const saveAlertPreferencesAction = adminAction('notifications',
  z.object({
    new_booking: checkbox,
    slip_to_check: checkbox,
    cash_due_today: checkbox,
    chat_waiting: checkbox,
    job_failed: checkbox,
    hold_waiting: checkbox,
    paid_no_unit: checkbox,
    no_unit_free: checkbox,
    privacy_request: checkbox,
    morning_digest: checkbox,
    locale: z.enum(['en', 'th']),
  } satisfies Record<(typeof STAFF_ALERT_KINDS)[number] | 'locale', z.ZodType>),
  async (input, ctx) => {
    const receive = STAFF_ALERT_KINDS.filter((k) => input[k]);
    await saveAlertPreferences(ctx.db, ctx.staff.id, { receive, locale: input.locale }, STAFF_ALERT_KINDS);
    await auditOwnAlertChoices(ctx.db, ctx.staff, { receive, locale: input.locale });
    revalidatePath('/admin/notifications');
    return null;
  },
);
