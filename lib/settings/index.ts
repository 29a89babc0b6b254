import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import { DEFAULT_SETTINGS } from './defaults';
import { formatThaiPhone } from '@/lib/format/phone';

/**
 * THE reader of the `settings` rows (key → JSON), typed per key. Staff may edit a row later; a missing or malformed
 * row falls back to the default (./defaults.ts) so the public site never breaks on a bad edit.
 */
// The phone as staff typed it, written the one Thai way wherever it is shown (lib/format/phone.ts).
const displayPhone = z.string().min(1).transform(formatThaiPhone);

const contactSchema = z.object({
  phone: displayPhone,
  phoneHref: z.string().min(1),
  whatsapp: z.string().min(1),
  line: z.string().min(1),
  messenger: z.string().min(1),
  instagram: z.string().min(1),
  email: z.string().min(1),
  address: z.string().min(1),
  addressTranslations: z.object({ th: z.string().trim().min(1).optional(), ru: z.string().trim().min(1).optional() }).default({}),
  // Opened by links and by the app's Location button: only a web address, never a javascript: or data: URL.
  mapUrl: z.url({ protocol: /^https?$/ }),
  latitude: z.number(),
  longitude: z.number(),
});

const hoursSchema = z.object({
  officeDays: z.array(z.enum(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'])).min(1),
  opens: z.string().regex(/^\d{2}:\d{2}$/),
  closes: z.string().regex(/^\d{2}:\d{2}$/),
  // No gate hours here: the gate is open 24/7 by PIN, a fact of the place every text states (docs/product-rules.md,
  // "Office hours"); a stored `gateAccess` of earlier versions is dropped when read.
});

const bankSchema = z.object({
  bankName: z.string().trim().min(1),
  branch: z.string().trim().default(''),
  accountName: z.string().trim().min(1),
  accountNumber: z.string().trim().min(1),
  swift: z.string().trim().default(''),
  /** the bank's and branch's names as Thai (or Russian) customers know them; the account stays as the bank writes it */
  translations: z
    .object({ th: z.object({ bankName: z.string().trim().min(1), branch: z.string().trim() }).partial().optional(), ru: z.object({ bankName: z.string().trim().min(1), branch: z.string().trim() }).partial().optional() })
    .default({}),
});

const cryptoWalletsSchema = z.object({
  btc: z.string().min(1),
  usdt: z.string().min(1),
  usdtNetwork: z.string().min(1),
});

const cryptoRatesSchema = z.object({
  thbPerUsd: z.number().positive(),
  usdPerBtc: z.number().positive(),
  updatedAt: z.string().min(1),
});

// Invoices and payments (issue 13): the seller on tax invoices, and the PromptPay ID for QR payments ('' turns it off).
const sellerSchema = z.object({
  legalName: z.string().min(1),
  legalNameTh: z.string().min(1),
  address: z.string().min(1),
  addressTh: z.string().min(1),
  taxId: z.string().regex(/^\d{13}$/),
  /** '00000' is the head office (สำนักงานใหญ่); otherwise the 5-digit branch number */
  branch: z.string().regex(/^\d{5}$/),
  phone: displayPhone,
});

const promptpaySchema = z.object({
  id: z.string().regex(/^(\d{10}|\d{13}|\d{15})?$/),
  accountName: z.string(),
  /**
   * The operator's PromptPay biller ID (13-digit tax ID + 2-digit suffix) given by its bank for bill payment; when set,
   * every invoice's QR is a bill-payment QR carrying the invoice number (docs/product-rules.md#thai-money). '' = off.
   */
  billerId: z.string().regex(/^(\d{15})?$/).default(''),
});

// e-Tax Invoice & e-Receipt by Email (docs/product-rules.md#thai-money): off by default; the timestamping address in copy.
const etaxSchema = z.object({
  enabled: z.boolean().default(false),
  timestampEmail: z.email().default('csemail@etax.teda.th'),
});

export const SETTING_SCHEMAS = {
  contact: contactSchema,
  hours: hoursSchema,
  bank: bankSchema,
  cryptoWallets: cryptoWalletsSchema,
  cryptoRates: cryptoRatesSchema,
  seller: sellerSchema,
  promptpay: promptpaySchema,
  etax: etaxSchema,
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTING_SCHEMAS)[K]>;
export type ContactSettings = SettingValue<'contact'>;
export type HoursSettings = SettingValue<'hours'>;
export type BankSettings = SettingValue<'bank'>;
export type CryptoWalletSettings = SettingValue<'cryptoWallets'>;
export type CryptoRateSettings = SettingValue<'cryptoRates'>;
export type SellerSettings = SettingValue<'seller'>;
export type PromptPaySettings = SettingValue<'promptpay'>;
export type EtaxSettings = SettingValue<'etax'>;

/** The default of a setting, used when its row is missing or invalid. */
export function defaultSetting<K extends SettingKey>(key: K): SettingValue<K> {
  return SETTING_SCHEMAS[key].parse(DEFAULT_SETTINGS[key]) as SettingValue<K>;
}

/**
 * Settings whose fields only make sense together: a bank account, the wallets, the rates with their time. A partial
 * row of these is never completed field by field from the defaults (that would show a mixed account); it is used
 * whole when valid, else the whole default.
 */
const WHOLE: ReadonlySet<SettingKey> = new Set(['bank', 'cryptoWallets', 'cryptoRates']);

/** Parses a stored value; partial rows of the other settings are completed from the defaults. */
export function parseSetting<K extends SettingKey>(key: K, value: unknown): SettingValue<K> {
  const fallback = defaultSetting(key);
  const partial = value && typeof value === 'object' && !Array.isArray(value);
  const parsed = SETTING_SCHEMAS[key].safeParse(partial && !WHOLE.has(key) ? { ...fallback, ...value } : value);
  if (!parsed.success) {
    log.warn({ key, issues: parsed.error.issues }, 'settings: invalid row, using the default');
    return fallback;
  }
  return parsed.data as SettingValue<K>;
}

/** One setting, typed per key: `await getSetting(db, 'contact')`. */
export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  try {
    const row = await db.setting.findUnique({ where: { key } });
    return row ? parseSetting(key, row.value) : defaultSetting(key);
  } catch (error) {
    log.error({ err: error, key }, 'settings: read failed, using the default');
    return defaultSetting(key);
  }
}

/** Several settings in one query: `const { contact, hours } = await getSettings(db, ['contact', 'hours'])`. */
export async function getSettings<const K extends SettingKey>(db: Db, keys: readonly K[]): Promise<{ [P in K]: SettingValue<P> }> {
  const out = {} as { [P in K]: SettingValue<P> };
  let rows: { key: string; value: unknown }[] = [];
  try {
    rows = await db.setting.findMany({ where: { key: { in: [...keys] } } });
  } catch (error) {
    log.error({ err: error }, 'settings: read failed, using the defaults');
  }
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    out[key] = (row ? parseSetting(key, row.value) : defaultSetting(key)) as (typeof out)[K];
  }
  return out;
}

/** The address in the reader's language, English where no translation is set. */
export function localizedAddress(contact: Pick<ContactSettings, 'address' | 'addressTranslations'>, locale: string): string {
  return (locale === 'th' || locale === 'ru' ? contact.addressTranslations[locale] : undefined) ?? contact.address;
}

/** The bank account with its bank and branch named in `locale` where a translation is set (docs/product-rules.md#smaller-things-a-customer-on-a-phone-meets-issue-37-item-11). */
export function localizedBank<B extends Pick<BankSettings, 'bankName' | 'branch' | 'translations'>>(bank: B, locale: string): B {
  const t = locale === 'th' || locale === 'ru' ? bank.translations?.[locale] : undefined;
  return { ...bank, bankName: t?.bankName || bank.bankName, branch: t?.branch || bank.branch };
}

/** wa.me link with an optional prefilled message. */
export function whatsappUrl(contact: Pick<ContactSettings, 'whatsapp'>, text?: string): string {
  const number = contact.whatsapp.replace(/\D/g, '');
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

export function lineUrl(contact: Pick<ContactSettings, 'line'>): string {
  return `https://line.me/R/ti/p/${encodeURIComponent(contact.line)}`;
}

export function messengerUrl(contact: Pick<ContactSettings, 'messenger'>): string {
  return `https://m.me/${encodeURIComponent(contact.messenger)}`;
}

export function instagramUrl(contact: Pick<ContactSettings, 'instagram'>): string {
  return `https://instagram.com/${encodeURIComponent(contact.instagram)}`;
}
