export type Localized<T = string> = { en: T; th: T; ru: T };

export interface SeedUnitType {
  code: string; // s, m, l, xl, xxl, m6, m4, m1, m1cc, gb
  category: 'indoor' | 'outdoor' | 'stack';
  sizeRank: number; // 1 small … 5 double extra large; sorts the wizard list
  displayOrder: number;
  name: Localized;
  description: Localized;
  features: Localized<string[]>;
  dimensions: string; // e.g. '2 m × 3 m × 2.5 m'
  areaSqm: number;
  volumeCbm: number;
  baseRateBaht: number;
  pricingMode: 'normal' | 'first_month_off';
  promotionalBanner: Localized | null;
  promotionActive: boolean;
  imageUrl: string | null; // under /public
  totalUnits: number;
  availableUnits: number;
}

export interface SeedLegalDocument {
  type: 'rental_agreement' | 'terms_conditions' | 'privacy_policy';
  locale: 'en' | 'th' | 'ru';
  title: string;
  content: string; // HTML; rental_agreement uses {{customerName}} {{unit}} {{monthlyRate}} {{startDate}} {{term}} {{deposit}} {{insurance}}
  supportsVariables: boolean;
  /** default 1, dated 22 June 2025 */
  version?: number;
  createdAt?: Date;
}

export interface SeedSupplyItem {
  id: 'lock' | 'box_small' | 'box_medium' | 'box_large' | 'bubble_wrap' | 'tape' | 'tape_dispenser';
  name: Localized;
  priceBaht: number;
}
