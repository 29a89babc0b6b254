'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { EDITABLE_SETTINGS, readEditableSettings, saveSetting, settingFromForm, type EditableSettingKey } from '@/lib/content/content';

const keys = Object.keys(EDITABLE_SETTINGS) as [EditableSettingKey, ...EditableSettingKey[]];

/** One settings group: the form's fields are rebuilt into the stored shape, then validated by the group's schema. */
export const saveSettingAction = adminAction('settings',
  z.looseObject({ key: z.enum(keys) }),
  async (i, ctx) => {
    const current = await readEditableSettings(ctx.db);
    const value = settingFromForm(current[i.key], i as Record<string, unknown>);
    await saveSetting(ctx.db, ctx.staff, i.key, value);
    revalidatePath('/admin/settings');
    return null;
  },
);
