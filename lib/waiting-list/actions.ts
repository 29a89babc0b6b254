'use server';

import { getLocale } from 'next-intl/server';
import { db } from '@/lib/db';
import { addToWaitingList, type WaitingListInput, type WaitingListResult } from './join';

/** Server action behind the waiting-list dialog (home page and booking wizard). */
export async function joinWaitingList(input: WaitingListInput): Promise<WaitingListResult> {
  const locale = await getLocale().catch(() => 'en');
  return addToWaitingList(db, { ...(typeof input === 'object' && input ? input : {}), locale });
}
