import 'server-only';
import { db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { defaultSetting, getSettings, type SettingKey, type SettingValue } from '@/lib/settings';
import { listUnitTypes, type UnitTypeListing } from '@/lib/units/listing';
import { fallbackLandingReviews, getLandingReviews, type LandingReviews } from '@/lib/reviews/queries';
import { getActiveLegalDocument, getRentalAgreement, type ActiveLegalDocument, type LegalDocumentType, type RentalAgreementText } from '@/lib/legal/documents';
import { listSupplies, loadSupplyItems, type SupplyListing } from '@/lib/supplies/catalogue';
import { loadWizardData, type WizardData } from '@/lib/booking/wizard-data';
import type { PricingCatalogue } from '@/lib/booking/price-draft';
import { cachedPublicData } from '@/lib/platform/cache/public-data';

/**
 * The public catalogue's readers, each read once per change (lib/platform/cache/public-data.ts) and shared by the pages, the
 * wizard's first render, GET /api/unit-types, GET /api/agreement and GET /api/quote. The functions they wrap (lib/units, lib/settings, …)
 * stay the live readers for everything that must see the database as it is now: a booking is always priced live.
 */

const noDatabaseWhileBuilding = (): never => {
  throw new Error('public data: no database while `next build` prerenders');
};

/** Active unit types with availability, in listing order. Rejects when the database fails. */
export function publicUnitListing(locale: Locale): Promise<UnitTypeListing[]> {
  return cachedPublicData(`units:${locale}`, () => listUnitTypes(db, locale), noDatabaseWhileBuilding);
}

/** Settings (each key read with its defaults, so never rejects). */
export function publicSettings<const K extends SettingKey>(keys: readonly K[]): Promise<{ [P in K]: SettingValue<P> }> {
  return cachedPublicData(
    `settings:${[...keys].sort().join(',')}`,
    () => getSettings(db, keys),
    () => Object.fromEntries(keys.map((k) => [k, defaultSetting(k)])) as { [P in K]: SettingValue<P> },
  );
}

/** Reviews of the home page and structured data (falls back to the built-in set, so never rejects). */
export function publicLandingReviews(): Promise<LandingReviews> {
  return cachedPublicData('reviews:landing', () => getLandingReviews(db), () => fallbackLandingReviews(new Date()));
}

export function publicLegalDocument(type: LegalDocumentType, locale: Locale): Promise<ActiveLegalDocument | null> {
  return cachedPublicData(`legal:${type}:${locale}`, () => getActiveLegalDocument(db, type, locale), () => null);
}

export function publicSupplies(locale: Locale): Promise<SupplyListing[]> {
  return cachedPublicData(`supplies:${locale}`, () => listSupplies(db, locale), noDatabaseWhileBuilding);
}

/**
 * The rental agreement the wizard shows at step 10 (GET /api/agreement): the active one, or the built-in default when
 * there is none. Rejects when the database fails, so the built-in text is never shown (and signed) in place of an
 * active one; a failed read is not kept.
 */
export function publicRentalAgreement(locale: Locale): Promise<RentalAgreementText> {
  return cachedPublicData(`agreement:${locale}`, () => getRentalAgreement(db, locale), noDatabaseWhileBuilding);
}

/** Everything the booking wizard's first render needs (its unit list and prices are part of the catalogue). */
export function publicWizardData(locale: Locale): Promise<WizardData> {
  return cachedPublicData(`wizard:${locale}`, () => loadWizardData(db, locale), noDatabaseWhileBuilding);
}

/** Unit types by code and the supplies on sale, for pricing a quote without a database read per request. */
export function publicPricingCatalogue(): PricingCatalogue {
  const types = () =>
    cachedPublicData(
      'pricing:unit-types',
      async () => new Map((await db.unitType.findMany({ where: { isActive: true } })).map((t) => [t.code, t])),
      noDatabaseWhileBuilding,
    );
  return {
    unitType: async (code) => (await types()).get(code.trim().toLowerCase()) ?? null,
    supplyItems: () => cachedPublicData('pricing:supplies', () => loadSupplyItems(db), noDatabaseWhileBuilding),
  };
}
