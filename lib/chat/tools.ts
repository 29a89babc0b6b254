import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { localizedHref } from '@/lib/i18n/href';
import { formatTHB } from '@/lib/format/money';
import { INSURANCE_LEVELS, PAYMENT_METHODS, SUPPLY_IDS, TERM_CODES, toBaht } from '@/lib/pricing';
import { quoteFromSearchParams } from '@/lib/quote-api/parse';
import { consumeRateLimit } from '@/lib/rate-limit';
import { translator } from '@/lib/i18n/translator';
import { getSettings } from '@/lib/settings';
import { CALCULATOR_ITEMS } from '@/lib/space-calculator/items';
import { estimate, recommendUnits, type Quantities } from '@/lib/space-calculator/recommend';
import { TERM_FACTS, bookingUrl, facilityFacts, faqFacts, unitFacts } from './facts';
import { rankFaq } from './matching';

/**
 * The assistant's tools: read-only views of our own code (lib/units, lib/quote-api, lib/settings, the FAQ and
 * the space calculator). None reads bookings, customers, payments or staff, and none writes, so no message can make
 * the assistant reveal or change them. Arguments are validated like any request from the internet.
 */
export interface ToolContext {
  db: Db;
  /** the language of the answer: names and formatted prices come in it */
  locale: Locale;
  now: Date;
  /** the visitor's network address: a promo code in a quote costs a 'promoCheck' attempt, as on the quote API */
  address?: string;
}

const ITEM_IDS = CALCULATOR_ITEMS.map((i) => i.id) as [string, ...string[]];
const INSURANCE_BAHT = INSURANCE_LEVELS.map(toBaht);
const unitCode = z.string().trim().toLowerCase().regex(/^[a-z0-9]{1,10}$/, 'a unit type code from list_unit_types, e.g. m');

const schemas = {
  list_unit_types: z.object({}).describe('Every unit type with its live monthly price (THB, VAT included), size and how many are available now.'),
  get_quote: z
    .object({
      unit: unitCode.describe('unit type code, e.g. m'),
      term: z.enum(TERM_CODES).describe('m2m = month to month, 3m / 6m / 12m = prepaid months'),
      insurance: z
        .number()
        .int()
        .refine((v) => INSURANCE_BAHT.includes(v), 'insurance is 0 or 100…1000 in steps of 100')
        .optional()
        .describe('insurance THB per month: 0 (none) or 100…1000 in steps of 100; cover is 1,000 × the price. Default 0.'),
      customer: z.enum(['individual', 'business']).optional().describe('default individual'),
      payment: z.enum(PAYMENT_METHODS).optional().describe('default card (the deposit is waived when paying by card)'),
      promo: z.string().trim().max(40).optional().describe('a promo code the visitor gave'),
      supplies: z
        .array(z.object({ item: z.enum(SUPPLY_IDS as [string, ...string[]]), quantity: z.number().int().min(1).max(99) }))
        .max(SUPPLY_IDS.length)
        .optional()
        .describe('packing supplies bought with the booking'),
    })
    .describe('The exact price of a rental, line by line, from our pricing: the same figures as the booking page and the quote API.'),
  recommend_unit_size: z
    .object({
      items: z
        .array(z.object({ item: z.enum(ITEM_IDS), quantity: z.number().int().min(1).max(999) }))
        .min(1)
        .max(CALCULATOR_ITEMS.length)
        .describe('belongings, each mapped to the closest item id (boxes of unknown size: boxMedium)'),
    })
    .describe('Which unit sizes hold a list of belongings (the space calculator), with live prices and availability.'),
  get_facility_info: z.object({}).describe('Office hours, gate access, address, map, phone, email and chat channels (WhatsApp, LINE, Messenger, Instagram).'),
  get_faq: z
    .object({ question: z.string().trim().max(300).optional().describe('the topic, in any language; omit for all questions') })
    .describe('Our FAQ: access, PIN, sizes, booking, payment, deposit, prepaid discounts, setup fee, insurance, business invoices, climate control, prohibited items, moving help, ending a rental.'),
  booking_link: z
    .object({
      unit: unitCode.describe('unit type code'),
      term: z.enum(TERM_CODES).optional().describe('the chosen term, when known'),
    })
    .describe('The link where the visitor books the unit (and term) online.'),
} as const;

export type ToolName = keyof typeof schemas;
export const TOOL_NAMES = Object.keys(schemas) as ToolName[];

/** Tool definitions in the OpenAI chat-completions format. */
export function toolDefinitions() {
  return TOOL_NAMES.map((name) => {
    const { $schema: _ignored, description, ...parameters } = z.toJSONSchema(schemas[name], { io: 'input' }) as Record<string, unknown>;
    void _ignored;
    return { type: 'function' as const, function: { name, description: String(description ?? ''), parameters } };
  });
}

/** The descriptions a visitor must not be able to extract either (see lib/chat/leak-guard.ts). */
export function toolDescriptionsText(): string {
  return JSON.stringify(toolDefinitions());
}

export type ToolResult = Record<string, unknown>;

const handlers: { [K in ToolName]: (args: z.output<(typeof schemas)[K]>, ctx: ToolContext) => Promise<ToolResult> } = {
  async list_unit_types(_args, ctx) {
    const units = await unitFacts(ctx.db, ctx.locale, ctx.now);
    return {
      currency: 'THB',
      pricesIncludeVat: true,
      terms: TERM_FACTS,
      unitTypes: units.map(({ monthlyRate, ...u }) => ({ ...u, monthlyPrice: toBaht(monthlyRate) })),
    };
  },

  async get_quote(args, ctx) {
    const params = new URLSearchParams({
      unit: args.unit,
      term: args.term,
      insurance: String(args.insurance ?? 0),
      customer: args.customer ?? 'individual',
      payment: args.payment ?? 'card',
    });
    if (args.promo) {
      // Guessing promo codes through the assistant costs attempts like the wizard's Apply and GET /api/quote.
      const limited = await consumeRateLimit(ctx.db, 'promoCheck', ctx.address ?? 'unknown');
      if (!limited.ok) return { error: 'rate_limited', message: translator(ctx.locale, 'actions')('rateLimited', { seconds: limited.retryAfterSeconds }) };
      params.set('promo', args.promo);
    }
    if (args.supplies?.length) params.set('supplies', args.supplies.map((s) => `${s.item}:${s.quantity}`).join(','));
    const assumed = [
      args.insurance === undefined && 'no insurance',
      args.customer === undefined && 'individual customer',
      args.payment === undefined && 'paying by card (deposit waived)',
    ].filter(Boolean);
    // The quote API's own function: the figures are exactly those of GET /api/quote and of the booking page.
    const result = await quoteFromSearchParams(ctx.db, params, ctx.now);
    if (result.status !== 200) return { error: result.body.error, message: result.body.message };
    const q = result.body;
    const money = (baht: number) => formatTHB(baht * 100, ctx.locale);
    return {
      ...q,
      assumed,
      formatted: {
        monthlyRate: money(q.monthlyRate),
        rentBeforeDiscounts: money(q.rentBeforeDiscounts),
        termDiscount: money(q.termDiscount),
        firstMonthDiscount: money(q.firstMonthDiscount),
        promoDiscount: money(q.promoDiscount),
        rentAfterDiscounts: money(q.rentAfterDiscounts),
        insurance: money(q.insurance),
        supplies: money(q.supplies),
        setupFee: money(q.setupFee),
        securityDeposit: money(q.securityDeposit),
        withholdingTax: money(q.withholdingTax),
        vatIncluded: money(q.vatIncluded),
        totalDueToday: money(q.totalDueToday),
      },
      bookingUrl: checkoutOrWizardUrl(ctx.locale, q.unit, q.term),
    };
  },

  async recommend_unit_size(args, ctx) {
    const quantities: Quantities = {};
    for (const { item, quantity } of args.items) {
      const id = item as keyof Quantities;
      quantities[id] = Math.min(999, (quantities[id] ?? 0) + quantity);
    }
    const est = estimate(CALCULATOR_ITEMS, quantities);
    const units = await unitFacts(ctx.db, ctx.locale, ctx.now);
    const rec = recommendUnits(units, est);
    return {
      itemsVolumeCbm: est.itemsVolume,
      neededVolumeCbm: est.neededVolume,
      driveUpOnly: est.driveUpOnly,
      tooBig: rec.tooBig,
      bestFit: rec.bestFit,
      recommended: rec.units.map((u) => ({
        code: u.code,
        name: u.name,
        volumeCbm: u.volumeCbm,
        dimensions: u.dimensions,
        monthlyPriceText: u.monthlyPriceText,
        availableCount: u.availableCount,
        bookingUrl: u.bookingUrl,
      })),
    };
  },

  async get_facility_info(_args, ctx) {
    return { ...(await facilityFacts(ctx.db, ctx.locale)) };
  },

  async get_faq(args, ctx) {
    const { hours } = await getSettings(ctx.db, ['hours']);
    const items = faqFacts(ctx.locale, hours);
    if (!args.question) return { items };
    const ranked = rankFaq(args.question, [items, ctx.locale === 'en' ? [] : faqFacts('en', hours)]);
    const ids = new Set(ranked.slice(0, 3).map((r) => r.id));
    return { items: ids.size ? items.filter((i) => ids.has(i.id)) : items };
  },

  async booking_link(args, ctx) {
    const units = await unitFacts(ctx.db, ctx.locale, ctx.now);
    const unit = units.find((u) => u.code === args.unit);
    if (!unit) return { error: 'unknown_unit', message: `No unit type "${args.unit}". Codes: ${units.map((u) => u.code).join(', ')}` };
    return {
      unit: unit.code,
      name: unit.name,
      url: unit.soldOut ? bookingUrl(ctx.locale, unit.code) : checkoutOrWizardUrl(ctx.locale, unit.code, args.term),
      soldOut: unit.soldOut,
      note: unit.soldOut ? 'Sold out: the page offers to join the waiting list.' : undefined,
    };
  },
};

/** With a term the visitor goes straight to checkout; without one, the booking wizard starts at that unit. */
function checkoutOrWizardUrl(locale: Locale, unit: string, term?: string): string {
  return term ? localizedHref(locale, { pathname: '/checkout', query: { unit, term } }) : bookingUrl(locale, unit);
}

/** Runs one tool call from the model. Never throws for bad input: the model gets an error it can explain. */
export async function runTool(name: string, rawArguments: string, ctx: ToolContext): Promise<ToolResult> {
  if (!(TOOL_NAMES as string[]).includes(name)) {
    return { error: 'unknown_tool', message: `There is no tool "${name}". Available: ${TOOL_NAMES.join(', ')}.` };
  }
  let json: unknown;
  try {
    json = rawArguments.trim() ? JSON.parse(rawArguments) : {};
  } catch {
    return { error: 'invalid_arguments', message: 'Arguments must be a JSON object.' };
  }
  const tool = name as ToolName;
  const parsed = schemas[tool].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: 'invalid_arguments', message: `${issue.path.join('.') || 'arguments'}: ${issue.message}` };
  }
  return (handlers[tool] as (a: unknown, c: ToolContext) => Promise<ToolResult>)(parsed.data, ctx);
}
