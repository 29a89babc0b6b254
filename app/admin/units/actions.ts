'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { addUnit, setUnitState } from '@/lib/catalog/commands';

export const addUnitAction = adminAction('units',
  z.object({ unitTypeCode: z.string().trim().min(1).max(20), number: z.string().trim().regex(/^[A-Za-z0-9-]{1,20}$/) }),
  async (i, ctx) => {
    await addUnit(ctx.db, ctx.staff, i);
    revalidatePath('/admin/units');
    return null;
  },
);

export const setUnitStateAction = adminAction('units',
  z.object({ unitId: z.string().min(1).max(40), state: z.enum(['available', 'maintenance', 'retired']) }),
  async (i, ctx) => {
    await setUnitState(ctx.db, ctx.staff, i);
    revalidatePath('/admin/units');
    return null;
  },
);
