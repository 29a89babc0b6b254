import type en from '@/messages/en.json';

export type WaitingListLabels = Record<keyof (typeof en)['waitingList'], string>;

const KEYS = [
  'title',
  'description',
  'name',
  'email',
  'phone',
  'submit',
  'submitting',
  'cancel',
  'successTitle',
  'successMessage',
  'errorTitle',
  'errorMessage',
  'missingTitle',
  'missingMessage',
  'connectionTitle',
  'connectionMessage',
  'dismiss',
  'invalidEmailTitle',
  'invalidEmailMessage',
  'serverErrorTitle',
  'serverErrorMessage',
  'unexpectedMessage',
] as const satisfies readonly (keyof WaitingListLabels)[];

/**
 * The waiting-list dialog's texts for one unit type, formatted by a translator of the `waitingList` namespace:
 * next-intl's on the server for the home page's cards (no formatter ships to the browser), the compiled texts' in the
 * wizard (lib/i18n/compiled-client.tsx).
 */
export function waitingListLabels(t: (key: (typeof KEYS)[number], values: { unit: string }) => string, unit: string): WaitingListLabels {
  return Object.fromEntries(KEYS.map((key) => [key, t(key, { unit })])) as WaitingListLabels;
}
