/**
 * The message namespaces the booking wizard's client components translate (lib/i18n/compiled-client.tsx). The page
 * compiles these alone for the browser, and compiled-format.tz.test.ts checks each of their texts in every language.
 */
export const WIZARD_NAMESPACES = ['booking', 'waitingList', 'taxBranch', 'uploads'] as const;
