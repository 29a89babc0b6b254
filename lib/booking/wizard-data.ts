import 'server-only';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { log } from '@/lib/log';
import { getSettings, localizedBank, type BankSettings, type CryptoRateSettings, type CryptoWalletSettings } from '@/lib/settings';
import { officeHoursIn, type OfficeHoursText } from '@/lib/settings/office-hours';
import { listSupplies, type SupplyListing } from '@/lib/supplies/catalogue';
import { listUnitTypes } from '@/lib/units/listing';
import { sortForWizard } from '@/lib/units/availability';
import { stripeConfig } from '@/lib/payments/stripe/client';
import type { PaymentMethod } from '@/lib/pricing';
import { unavailableMethods } from './payment-methods';

/** What the client wizard needs, serialisable (no Dates), loaded once per page view. */
export interface WizardUnitType {
  code: string;
  category: 'indoor' | 'outdoor' | 'stack';
  name: string;
  description: string;
  dimensions: string;
  areaSqm: number | null;
  /** satang: what a booking starting now pays per month */
  monthlyRate: number;
  pricingMode: 'normal' | 'first_month_off';
  banner: string | null;
  bannerEn: string | null;
  imageUrl: string | null;
  availableCount: number;
}

export type WizardSupply = SupplyListing;

export interface WizardData {
  /** null when the unit list failed to load ('Unable to Load Units') */
  unitTypes: WizardUnitType[] | null;
  supplies: WizardSupply[];
  /** satang per month, ascending, 0 excluded ("No insurance" is always offered) */
  insuranceLevels: number[];
  /** the same settings the confirmation email and the success page read (lib/settings) */
  bank: BankSettings;
  crypto: { wallets: CryptoWalletSettings; rates: CryptoRateSettings };
  /** the office's days and times for the cash notice, in the page's language (lib/settings/office-hours.ts) */
  officeHours: OfficeHoursText;
  /** methods that cannot be used now (card and PromptPay without a Stripe key): shown as unavailable at step 9 */
  unavailableMethods: PaymentMethod[];
}

async function loadUnitTypes(db: Db, locale: Locale): Promise<WizardUnitType[] | null> {
  try {
    const listing = await listUnitTypes(db, locale);
    return sortForWizard(listing).map((t) => ({
      code: t.code,
      category: t.category,
      name: t.name,
      description: t.description,
      dimensions: t.dimensions,
      areaSqm: t.areaSqm,
      monthlyRate: t.monthlyRate,
      pricingMode: t.pricingMode,
      banner: t.banner,
      bannerEn: t.bannerEn,
      imageUrl: t.imageUrl,
      availableCount: t.availableCount,
    }));
  } catch (error) {
    log.error({ err: error }, 'booking wizard: failed to load unit types');
    return null;
  }
}

export async function loadWizardData(db: Db, locale: Locale): Promise<WizardData> {
  // Not the rental agreement: the wizard loads it on the way to step 10 (GET /api/agreement), so the first page
  // does not carry its 15–38 kB.
  const [unitTypes, supplies, levelRows, settings] = await Promise.all([
    loadUnitTypes(db, locale),
    listSupplies(db, locale).catch((error) => {
      log.error({ err: error }, 'booking wizard: failed to load supplies');
      return [];
    }),
    db.insuranceLevel.findMany({ where: { isActive: true }, orderBy: { monthlySatang: 'asc' } }).catch(() => []),
    getSettings(db, ['bank', 'cryptoWallets', 'cryptoRates', 'hours']),
  ]);
  return {
    unitTypes,
    supplies,
    insuranceLevels: levelRows.map((l) => l.monthlySatang).filter((m) => m > 0),
    bank: localizedBank(settings.bank, locale),
    crypto: { wallets: settings.cryptoWallets, rates: settings.cryptoRates },
    officeHours: officeHoursIn(locale, settings.hours),
    unavailableMethods: unavailableMethods(Boolean(stripeConfig())),
  };
}
