import 'server-only';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { pickLocalized } from '@/lib/i18n/localized';
import { getRentalAgreement } from '@/lib/legal/documents';
import { SUPPLY_CATALOG, type SupplyId } from '@/lib/pricing';
import { listUnitTypes } from '@/lib/units/listing';
import { sortForWizard } from '@/lib/units/availability';

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

export interface WizardSupply {
  id: SupplyId;
  name: string;
  priceSatang: number;
}

export interface WizardBank {
  bankName: string;
  branch: string;
  accountName: string;
  accountNumber: string;
  swift: string;
}

export interface WizardCrypto {
  wallets: { btc: string; usdt: string; usdtNetwork: string };
  rates: { thbPerUsd: number; usdPerBtc: number; updatedAt: string | null };
}

export interface WizardData {
  /** null when the unit list failed to load ('Unable to Load Units') */
  unitTypes: WizardUnitType[] | null;
  supplies: WizardSupply[];
  /** satang per month, ascending, 0 excluded ("No insurance" is always offered) */
  insuranceLevels: number[];
  /** the active agreement, or the built-in default (id null) when the database has none */
  agreement: { id: string | null; title: string; html: string };
  bank: WizardBank | null;
  crypto: WizardCrypto | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);

function parseBank(value: unknown): WizardBank | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const bank = { bankName: str(v.bankName), branch: str(v.branch), accountName: str(v.accountName), accountNumber: str(v.accountNumber), swift: str(v.swift) };
  // Half a set of bank details is worse than none: the customer would transfer to an incomplete account.
  return bank.bankName && bank.accountName && bank.accountNumber
    ? { bankName: bank.bankName, branch: bank.branch ?? '', accountName: bank.accountName, accountNumber: bank.accountNumber, swift: bank.swift ?? '' }
    : null;
}

function parseCrypto(wallets: unknown, rates: unknown): WizardCrypto | null {
  if (!wallets || typeof wallets !== 'object' || !rates || typeof rates !== 'object') return null;
  const w = wallets as Record<string, unknown>;
  const r = rates as Record<string, unknown>;
  const btc = str(w.btc);
  const usdt = str(w.usdt);
  const thbPerUsd = num(r.thbPerUsd);
  const usdPerBtc = num(r.usdPerBtc);
  if (!btc || !usdt || !thbPerUsd || !usdPerBtc) return null;
  return {
    wallets: { btc, usdt, usdtNetwork: str(w.usdtNetwork) ?? '' },
    rates: { thbPerUsd, usdPerBtc, updatedAt: str(r.updatedAt) },
  };
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
    console.error('booking wizard: failed to load unit types', error);
    return null;
  }
}

export async function loadWizardData(db: Db, locale: Locale): Promise<WizardData> {
  const [unitTypes, supplyRows, levelRows, agreement, settings] = await Promise.all([
    loadUnitTypes(db, locale),
    db.supplyItem.findMany({ where: { isActive: true }, orderBy: { displayOrder: 'asc' } }).catch(() => []),
    db.insuranceLevel.findMany({ where: { isActive: true }, orderBy: { monthlySatang: 'asc' } }).catch(() => []),
    getRentalAgreement(db, locale),
    db.setting.findMany({ where: { key: { in: ['bank', 'cryptoWallets', 'cryptoRates'] } } }).catch(() => []),
  ]);
  const setting = (key: string) => settings.find((s) => s.key === key)?.value;
  return {
    unitTypes,
    // Only items the pricing catalogue knows can be booked (the draft schema accepts those ids only).
    supplies: supplyRows
      .filter((s) => Object.hasOwn(SUPPLY_CATALOG, s.id))
      .map((s) => ({ id: s.id as SupplyId, name: pickLocalized<string>(s.name, locale) ?? s.id, priceSatang: s.priceSatang })),
    insuranceLevels: levelRows.map((l) => l.monthlySatang).filter((m) => m > 0),
    agreement: { id: agreement.id, title: agreement.title, html: agreement.html },
    bank: parseBank(setting('bank')),
    crypto: parseCrypto(setting('cryptoWallets'), setting('cryptoRates')),
  };
}
