'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/auth/password';
import { createStaffUser, updateStaffUser } from '@/lib/staff/accounts';

const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const checkbox = z.preprocess((v) => v === 'on' || v === 'true', z.boolean());

export const createStaffAction = adminAction('staff',
  z.object({ email: z.email().max(254), name: z.string().trim().max(100).default(''), role: z.enum(['admin', 'staff']), password }),
  async (i, ctx) => {
    await createStaffUser(ctx.db, ctx.staff, i);
    revalidatePath('/admin/staff');
    return null;
  },
  { secretFields: ['password'] },
);

export const updateStaffAction = adminAction('staff',
  z.object({
    userId: z.string().min(1).max(40),
    role: z.enum(['admin', 'staff']),
    isActive: checkbox,
    newPassword: z.preprocess((v) => (v === '' ? undefined : v), password.optional()),
    resetTwoFactor: checkbox,
  }),
  async (i, ctx) => {
    await updateStaffUser(ctx.db, ctx.staff, i);
    revalidatePath('/admin/staff');
    return null;
  },
  { secretFields: ['newPassword'] },
);
