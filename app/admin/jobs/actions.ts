'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { action, ActionFailure } from '@/lib/actions/action';
import { db } from '@/lib/db';
import { JOB_NAMES } from '@/lib/jobs';
import { CATCH_UP_DAYS, JobRequestFailure, runJobForStaff } from '@/lib/jobs/admin';
import { translator } from '@/lib/i18n/translator';

const jobSchema = z.enum(JOB_NAMES as [string, ...string[]]);

async function run(locale: string, staff: { id: string; email: string }, job: string, date?: string) {
  const t = translator(locale, 'admin');
  try {
    const outcome = await runJobForStaff(db, staff, job as (typeof JOB_NAMES)[number], date);
    if (outcome.ran && outcome.status === 'failed') throw new ActionFailure('failed', t('jobs.errors.failed', { error: outcome.error }));
  } catch (e) {
    if (e instanceof JobRequestFailure) throw new ActionFailure(e.code, t(`jobs.errors.${e.code}`, { days: CATCH_UP_DAYS }), { fieldErrors: { date: [t(`jobs.errors.${e.code}`, { days: CATCH_UP_DAYS })] } });
    throw e;
  } finally {
    revalidatePath('/admin/jobs');
  }
  return null;
}

/** "Run now" on /admin/jobs (admins): one recorded, audited run of the job as of now. */
export const runJobAction = action(z.object({ job: jobSchema }), async (i, ctx) => run(ctx.locale, ctx.staff!, i.job), { role: 'admin' });

/** "Run as of a past day": catches up a day the server missed (audited). */
export const catchUpJobAction = action(
  z.object({ job: jobSchema, date: z.string().trim().max(10) }),
  async (i, ctx) => run(ctx.locale, ctx.staff!, i.job, i.date),
  { role: 'admin' },
);
