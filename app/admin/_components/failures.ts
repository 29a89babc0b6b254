import 'server-only';
import { ActionFailure } from '@/lib/actions/action';
import { translator } from '@/lib/i18n/translator';
import { CatalogFailure } from '@/lib/admin/catalog';
import { ContentFailure } from '@/lib/admin/content';
import { AccountFailure } from '@/lib/admin/accounts';
import { LifecycleError, lifecycleMessage } from '@/lib/lifecycle';

/** Turns a refused admin change into the action's answer, in the staff member's language. */
export function asActionFailure(locale: string, error: unknown): never {
  const t = translator(locale, 'admin');
  if (error instanceof CatalogFailure) throw new ActionFailure(error.code, t(`errors.${error.code}`));
  if (error instanceof ContentFailure) throw new ActionFailure(error.code, t(`errors.${error.code}`, { detail: error.detail }));
  if (error instanceof AccountFailure) {
    // Code checks outside sign-in are limited (lib/admin/accounts.ts); that text lives with the security texts.
    if (error.code === 'code_limited') throw new ActionFailure(error.code, translator(locale, 'security')('codeChecksLimited', { minutes: 15 }));
    throw new ActionFailure(error.code, t(`account.errors.${error.code}`));
  }
  // A move the lifecycle refuses: the clear message, nothing written (docs/product-rules.md#lifecycle).
  if (error instanceof LifecycleError) throw new ActionFailure('not_allowed', lifecycleMessage(locale, error));
  throw error;
}
