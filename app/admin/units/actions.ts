'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { action } from '@/lib/actions/action';
import { db } from '@/lib/db';
import { addUnit, setUnitState } from '@/lib/admin/catalog';
import { asActionFailure } from '../_components/failures';

export const addUnitAction = action(
  z.object({ unitTypeCode: z.string().trim().min(1).max(20), number: z.string().trim().regex(/^[A-Za-z0-9-]{1,20}$/) }),
  async (i, ctx) => {
    await addUnit(db, ctx.staff!, i).catch((e) => asActionFailure(ctx.locale, e));
    revalidatePath('/admin/units');
    return null;
  },
  { role: 'staff' },
);

export const setUnitStateAction = action(
  z.object({ unitId: z.string().min(1).max(40), state: z.enum(['available', 'maintenance', 'retired']) }),
  async (i, ctx) => {
    await setUnitState(db, ctx.staff!, i).catch((e) => asActionFailure(ctx.locale, e));
    revalidatePath('/admin/units');
    return null;
  },
  { role: 'staff' },
);
