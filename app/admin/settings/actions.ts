'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { action } from '@/lib/actions/action';
import { db } from '@/lib/db';
import { EDITABLE_SETTINGS, readEditableSettings, saveSetting, settingFromForm, type EditableSettingKey } from '@/lib/admin/content';
import { asActionFailure } from '../_components/failures';

const keys = Object.keys(EDITABLE_SETTINGS) as [EditableSettingKey, ...EditableSettingKey[]];

/** One settings group: the form's fields are rebuilt into the stored shape, then validated by the group's schema. */
export const saveSettingAction = action(
  z.looseObject({ key: z.enum(keys) }),
  async (i, ctx) => {
    const current = await readEditableSettings(db);
    const value = settingFromForm(current[i.key], i as Record<string, unknown>);
    await saveSetting(db, ctx.staff!, i.key, value).catch((e) => asActionFailure(ctx.locale, e));
    revalidatePath('/admin/settings');
    return null;
  },
  { role: 'admin' },
);
