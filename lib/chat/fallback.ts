import 'server-only';
import type { Db } from '@/lib/db';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import { getSettings } from '@/lib/settings';
import { officeHoursIn } from '@/lib/settings/office-hours';
import { pickLocalized } from '@/lib/i18n/localized';
import { TERMS } from '@/lib/pricing';
import { facilityFacts, faqFacts, unitFacts, type UnitFact } from './facts';
import { intents, mentionedUnits, rankFaq } from './matching';

/**
 * The assistant without a model (no OPENAI_API_KEY): answers from the live unit listing, the FAQ and the public
 * contact details by simple matching, and always offers the human channels. Every figure comes from the same code
 * as the pages, so it can be less clever but never wrong.
 */
export async function fallbackReply(db: Db, message: string, locale: Locale, now: Date): Promise<string> {
  const t = translator(locale, 'chat');
  const asked = intents(message);
  // Visitors name a unit in whatever language they think of it: match the names of every language.
  const [units, facility, names, { hours }] = await Promise.all([unitFacts(db, locale, now), facilityFacts(db, locale), unitNamesAllLocales(db), getSettings(db, ['hours'])]);
  const named = mentionedUnits(
    message,
    units.map((u) => ({ code: u.code, names: names.get(u.code) ?? [u.name] })),
  );

  const sections: string[] = [];
  if (named.length || asked.has('price') || asked.has('availability')) {
    const shown = named.length ? units.filter((u) => named.includes(u.code)) : units;
    sections.push([t('fallback.pricesIntro'), ...shown.map((u) => `• ${unitLine(u, locale)}`)].join('\n'));
    sections.push(
      t('fallback.quoteHint', {
        m3: TERMS['3m'].months,
        m6: TERMS['6m'].months,
        m12: TERMS['12m'].months,
        d3: TERMS['3m'].discountPct,
        d6: TERMS['6m'].discountPct,
        d12: TERMS['12m'].discountPct,
      }),
    );
  }
  if (asked.has('facility')) {
    sections.push(
      [
        t('fallback.hours', officeHoursIn(locale, hours)),
        t('fallback.address', { address: facility.address, map: `[${t('fallback.mapLink')}](${facility.mapUrl})` }),
        t('fallback.phone', { phone: facility.phone }),
      ].join('\n'),
    );
  }
  if (sections.length === 0) {
    const faq = faqFacts(locale, hours);
    const best = rankFaq(message, [faq, locale === 'en' ? [] : faqFacts('en', hours)])[0];
    const item = best && faq.find((f) => f.id === best.id);
    sections.push(item ? `**${item.question}**\n${item.answer}` : t('fallback.notUnderstood'));
  }
  sections.push(
    t('fallback.humans', {
      whatsapp: `[WhatsApp](${facility.channels.whatsapp})`,
      line: `[LINE](${facility.channels.line})`,
      messenger: `[Messenger](${facility.channels.messenger})`,
    }),
  );
  return sections.join('\n\n');
}

function unitLine(u: UnitFact, locale: Locale): string {
  const t = translator(locale, 'chat');
  const availability = u.soldOut ? t('fallback.soldOut') : t('fallback.available', { count: u.availableCount });
  const offer = u.firstMonthOffer ? `; ${t('fallback.firstMonth', { percent: u.firstMonthOffer.percentOff, price: u.firstMonthOffer.firstMonthPriceText })}` : '';
  const line = t('fallback.unitLine', { name: u.name, dimensions: u.dimensions, price: u.monthlyPriceText, availability });
  return `${line}${offer} — [${t('fallback.book', { code: u.code.toUpperCase() })}](${u.bookingUrl})`;
}

async function unitNamesAllLocales(db: Db): Promise<Map<string, string[]>> {
  const types = await db.unitType.findMany({ where: { isActive: true }, select: { code: true, name: true } });
  return new Map(types.map((t) => [t.code, LOCALES.map((l) => pickLocalized<string>(t.name, l) ?? '').filter(Boolean)]));
}
