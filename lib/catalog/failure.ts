import { translator } from '@/lib/i18n/translator';
import { uploadErrorText } from '@/lib/uploads/messages';
import { Refusal } from '@/lib/actions/refusal';

/**
 * The refusal of a catalogue command (units, promo codes, the waiting list, reviews, unit types and their pictures,
 * rate suggestions): the catalogue's own, so the domain does not borrow the staff area's type from the folder above
 * it. Each kind's codes and the message family they read from are listed once below; a Refusal, so the action wrapper
 * answers it in the staff member's language (lib/actions/refusal.ts).
 */
export type CatalogError = 'unit_exists' | 'unit_in_use' | 'code_exists' | 'not_found' | 'none_free';
export type ImageError = 'image_invalid' | 'image_size';
export type RateSuggestionError = 'suggestion_changed';

export interface CatalogFailureCodes {
  /** units, promo codes, the waiting list, reviews (lib/catalog/commands.ts) */
  catalog: CatalogError;
  /** unit type pictures (lib/catalog/unit-types.ts) */
  image: ImageError;
  /** a dashboard rate suggestion that changed while the admin looked at it (lib/catalog/apply-rate-suggestion.ts) */
  rates: RateSuggestionError;
}
export type CatalogFailureKind = keyof CatalogFailureCodes;

export class CatalogFailure<K extends CatalogFailureKind = CatalogFailureKind> extends Refusal {
  constructor(
    readonly kind: K,
    readonly code: CatalogFailureCodes[K],
  ) {
    super(code);
  }
  say(locale: string): string {
    return catalogFailureMessage(locale, this);
  }
}

/** The refusal in the staff member's language. */
export function catalogFailureMessage(locale: string, failure: CatalogFailure): string {
  const t = translator(locale, 'admin');
  switch (failure.kind) {
    case 'catalog':
      return t(`errors.${failure.code as CatalogError}`);
    case 'image':
      // The size text is every upload's (docs/product-rules.md#uploads).
      if (failure.code === 'image_size') return uploadErrorText(locale, 'file_size');
      return t(`unitTypes.${failure.code as Exclude<ImageError, 'image_size'>}`);
    case 'rates':
      return t('trends.suggestionChanged');
  }
}
