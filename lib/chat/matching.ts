/**
 * Simple matching for the assistant without a model (no OPENAI_API_KEY) and for the FAQ tool: what a message asks
 * about, which unit types it names and which FAQ entries it is closest to. Pure functions over the texts.
 */

const STOPWORDS = new Set([
  // en
  'the', 'and', 'for', 'you', 'your', 'what', 'how', 'can', 'with', 'are', 'does', 'have', 'there', 'about', 'need',
  'this', 'that', 'when', 'where', 'which', 'our', 'any', 'will', 'from', 'want', 'like', 'would', 'could', 'please',
  'hello', 'hi', 'thanks', 'thank', 'much', 'my', 'its', 'it\'s', 'get', 'tell', 'know',
  // ru
  'как', 'что', 'для', 'это', 'или', 'есть', 'мне', 'нам', 'вас', 'ваш', 'где', 'когда', 'можно', 'ли', 'если', 'при',
  'так', 'все', 'всё', 'меня', 'мой', 'моя', 'мои', 'здравствуйте', 'привет', 'спасибо', 'пожалуйста', 'хочу', 'нужно',
]);

/** Word stems (Latin and Cyrillic words cut to 5 letters) and character trigrams of Thai (written without spaces). */
export function features(text: string): Set<string> {
  const out = new Set<string>();
  const lower = text.toLowerCase();
  for (const word of lower.match(/[a-z\u0400-\u04ff][a-z\u0400-\u04ff'-]{2,}/g) ?? []) {
    if (!STOPWORDS.has(word)) out.add(word.slice(0, 5));
  }
  for (const run of lower.match(/[\u0E00-\u0E7F]+/g) ?? []) {
    for (let i = 0; i + 3 <= run.length; i++) out.add(run.slice(i, i + 3));
  }
  return out;
}

export interface FaqLike {
  id: string;
  question: string;
  answer: string;
}

/**
 * FAQ entries ranked by how much of the message they cover: a feature found in the question counts twice as much as
 * one found only in the answer. Several lists (the visitor's language and English) count for the same ids.
 */
export function rankFaq(message: string, lists: readonly (readonly FaqLike[])[], minScore = 0.3): { id: string; score: number }[] {
  const q = features(message);
  if (q.size === 0) return [];
  const best = new Map<string, number>();
  for (const items of lists) {
    for (const item of items) {
      const fq = features(item.question);
      const fa = features(item.answer);
      let hit = 0;
      for (const f of q) hit += fq.has(f) ? 2 : fa.has(f) ? 1 : 0;
      const score = hit / (2 * q.size);
      if (score > (best.get(item.id) ?? 0)) best.set(item.id, score);
    }
  }
  return [...best.entries()]
    .filter(([, s]) => s >= minScore)
    .sort((a, b) => b[1] - a[1])
    .map(([id, score]) => ({ id, score }));
}

const INTENTS = {
  price: [
    'price', 'cost', 'how much', 'rate', 'cheap', 'expensive', 'baht', 'thb', 'fee', 'per month', 'monthly', 'budget', 'quote',
    'ราคา', 'เท่าไหร่', 'เท่าไร', 'ค่าเช่า', 'บาท', 'ถูก', 'แพง',
    'цен', 'стоим', 'стоит', 'сколько', 'тариф', 'бат', 'дешев', 'дорог',
  ],
  availability: [
    'availab', 'vacan', 'in stock', 'sold out', 'any left', 'free unit',
    'ว่าง', 'เหลือ', 'มีห้อง',
    'свобод', 'налич', 'доступн', 'остал',
  ],
  facility: [
    'hour', 'open', 'close', 'address', 'where', 'location', 'located', 'map', 'direction', 'phone', 'call', 'contact', 'email',
    'เวลา', 'เปิด', 'ปิด', 'ที่อยู่', 'ที่ไหน', 'แผนที่', 'โทร', 'ติดต่อ',
    'час', 'работ', 'откры', 'закры', 'адрес', 'где ', 'карт', 'телефон', 'позвон', 'контакт', 'располож',
  ],
} as const;

export type Intent = keyof typeof INTENTS;

export function intents(message: string): Set<Intent> {
  const text = ` ${message.toLowerCase()} `;
  const out = new Set<Intent>();
  for (const [intent, words] of Object.entries(INTENTS) as [Intent, readonly string[]][]) {
    if (words.some((w) => text.includes(w))) out.add(intent);
  }
  return out;
}

// Size words that name one unit type in each language, longest first so "extra large" wins over "large".
const SIZE_WORDS: [RegExp, string][] = [
  [/double extra large|\bxxl\b|ใหญ่ที่สุด|самый больш/i, 'xxl'],
  [/extra large|\bxl\b|ใหญ่พิเศษ|очень больш/i, 'xl'],
  [/\blarge\b|ใหญ่|больш|крупн/i, 'l'],
  [/\bmedium\b|กลาง|средн/i, 'm'],
  [/\bsmall\b|เล็ก|маленьк|небольш|малый|малого/i, 's'],
];
const DRIVE_UP = /drive|ขับรถ|подъезд/i;
const DRIVE_UP_SIZES: Record<string, string> = { s: 'm6', m: 'm4', l: 'm1' };

/**
 * Unit type codes a message names: a code written as such ("M", "m6", "XL"; single letters only in capitals or after
 * "size"/"unit", so "I'm" is not unit m), a type's name in any language, or else a size word (with "drive-up", the
 * drive-up unit of that size).
 */
export function mentionedUnits(message: string, units: readonly { code: string; names: readonly string[] }[]): string[] {
  const found = new Set<string>();
  const lower = message.toLowerCase();
  const byName: { code: string; name: string }[] = [];
  for (const u of units) {
    const code = u.code.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (code.length >= 2 && new RegExp(`(^|[^a-z0-9])${code}(?![a-z0-9])`, 'i').test(message)) found.add(u.code);
    else if (code.length === 1) {
      if (new RegExp(`(^|[^A-Za-z])${code.toUpperCase()}(?![A-Za-z])`).test(message)) found.add(u.code);
      else if (new RegExp(`(size|unit|ขนาด|ไซส์|ไซซ์|ยูนิต|ห้อง|размер|бокс)\\s*${code}(?![a-z0-9])`, 'i').test(message)) found.add(u.code);
    }
    const name = u.names.map((n) => n.toLowerCase()).find((n) => n && lower.includes(n));
    if (name) byName.push({ code: u.code, name });
  }
  // "Large unit" is part of "Extra large unit": only the longest name found counts.
  for (const m of byName) {
    if (!byName.some((o) => o.name.length > m.name.length && o.name.includes(m.name))) found.add(m.code);
  }
  if (found.size === 0) {
    const sized = SIZE_WORDS.find(([re]) => re.test(message))?.[1];
    const code = sized && DRIVE_UP.test(message) ? DRIVE_UP_SIZES[sized] : sized;
    if (code && units.some((u) => u.code === code)) found.add(code);
  }
  return [...found];
}
