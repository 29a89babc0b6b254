'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { ActionFailure } from '@/lib/actions/action';
import { adminAction, type AdminScope } from '@/lib/admin/guard';
import { JOB_NAMES } from '@/lib/jobs';
import { retryTaskForStaff, runJobForStaff } from '@/lib/jobs/admin';
import { translator } from '@/lib/i18n/translator';

const jobSchema = z.enum(JOB_NAMES as [string, ...string[]]);

async function run(db: AdminScope['db'], locale: string, staff: { id: string; email: string }, job: string, date?: string) {
  const t = translator(locale, 'admin');
  try {
    const outcome = await runJobForStaff(db, staff, job as (typeof JOB_NAMES)[number], date);
    if (outcome.ran && outcome.status === 'failed') throw new ActionFailure('failed', t('jobs.errors.failed', { error: outcome.error }));
  } finally {
    revalidatePath('/admin/jobs');
  }
  return null;
}

/** "Run now" on /admin/jobs (admins): one recorded, audited run of the job as of now. */
export const runJobAction = adminAction('jobs', z.object({ job: jobSchema }), async (i, ctx) => run(ctx.db, ctx.locale, ctx.staff, i.job));

/** "Run as of a past day": catches up a day the server missed (audited). */
export const catchUpJobAction = adminAction('jobs',
  z.object({ job: jobSchema, date: z.string().trim().max(10) }),
  async (i, ctx) => run(ctx.db, ctx.locale, ctx.staff, i.job, i.date),
);

/** Retry of a task that gave up (the dead letters on /admin/jobs), audited. */
export const retryTaskAction = adminAction('jobs', z.object({ id: z.string().trim().min(1).max(64) }), async (i, ctx) => {
  try {
    if (!(await retryTaskForStaff(ctx.db, ctx.staff, i.id))) throw new ActionFailure('not_found', translator(ctx.locale, 'admin')('jobs.tasks.notFound'));
  } finally {
    revalidatePath('/admin/jobs');
  }
  return null;
});
