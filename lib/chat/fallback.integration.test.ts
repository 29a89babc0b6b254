import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { openChat, sendChat, streamed, visitor } from '@/test/chat';
import { chatSegments } from './text-segments';

// Without OPENAI_API_KEY the assistant still helps: live unit data and the FAQ by simple matching, and the human
// channels every time.

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDb());
  setEnvForTests({ OPENAI_API_KEY: undefined, RATE_LIMIT_SCALE: '10' });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
});

async function ask(question: string, language = 'en') {
  const v = visitor('100.64.1.1');
  const { body } = await openChat(db, v, language);
  return streamed(await sendChat(db, v, body.conversation.id, question, language));
}

const HUMANS_EN = /Prefer a person\? Message us on \[WhatsApp\]\(https:\/\/wa\.me\/66936541234\), \[LINE\]\(https:\/\/line\.me\/R\/ti\/p\/%40phuketstorage\) or \[Messenger\]\(https:\/\/m\.me\/phuketselfstorage\)\./;

describe('answers without a model', () => {
  it('a Thai price question about unit M gets the live price and availability in Thai, with a booking link', async () => {
    await db.unitType.update({ where: { code: 'm' }, data: { baseRate: 299_000 } });
    try {
      const reply = await ask('ห้องขนาด M ราคาเท่าไหร่คะ', 'th');
      expect(reply.text).toContain('ราคาปัจจุบันต่อเดือน (รวม VAT แล้ว):');
      expect(reply.text).toContain('ห้องเก็บของขนาดกลาง (2 ม. × 3 ม. × 2.5 ม.): ฿2,990/เดือน, ว่าง 12 ห้อง');
      expect(reply.text).toContain('[จอง M](/th/booking-v2?unit=m)');
      expect(reply.text).not.toContain('ห้องเก็บของขนาดเล็ก');
      expect(reply.text).toContain('อยากคุยกับเจ้าหน้าที่?');
      expect(reply.events.at(-1)).toMatchObject({ type: 'done' });
    } finally {
      await db.unitType.update({ where: { code: 'm' }, data: { baseRate: 270_000 } });
    }
  });

  it('a general price question lists every unit, sold-out ones marked, with the prepaid discounts', async () => {
    const reply = await ask('What are your prices?');
    expect(reply.text).toContain('Small Unit (1.5 m × 2 m × 2.5 m): ฿1,400/month, 18 available');
    expect(reply.text).toContain('Double Extra Large Unit (5 m × 5 m × 2.5 m): ฿12,000/month, sold out (join the waiting list on the booking page)');
    expect(reply.text).toContain('The Stack (2 m × 2.5 m × 2.4 m): ฿6,500/month, 10 available; 30% off the first month: ฿4,550');
    expect(reply.text).toContain('Prepay 3, 6 or 12 months to save 5%, 10% or 15%.');
    expect(reply.text).toMatch(HUMANS_EN);
  });

  it('a Russian question about hours and address gets the settings in Russian', async () => {
    const reply = await ask('Где вы находитесь и какие часы работы?', 'ru');
    expect(reply.text).toContain('Офис: с понедельника по субботу, 9:00–18:00. Доступ к боксу 24/7 по личному PIN-коду.');
    expect(reply.text).toContain('Адрес: Напротив Boat Avenue, Чернгталай, Таланг, Пхукет 83110 ([карта](https://maps.google.com/?q=Phuket+Self+Storage+Cherngtalay))');
    expect(reply.text).toContain('Телефон: +66 93 654 1234');
  });

  it('a policy question gets the FAQ answer with our current figures', async () => {
    const reply = await ask('Do I need insurance for my things?');
    expect(reply.text).toContain('**Do I need insurance?**');
    expect(reply.text).toContain('You can choose cover from ฿100 to ฿1,000 a month');
    expect(reply.text).toMatch(HUMANS_EN);
  });

  it('an unrelated question says what it can help with and offers the team', async () => {
    const reply = await ask('Tell me a joke about elephants');
    expect(reply.text).toContain('I can answer questions about unit sizes, prices, availability, access and booking.');
    expect(reply.text).toMatch(HUMANS_EN);
  });

  it('every link in an answer is one the widget will render (our pages and our channels only)', async () => {
    const reply = await ask('prices and opening hours please');
    const links = chatSegments(reply.text).filter((s) => s.kind === 'link');
    expect(links.length).toBeGreaterThan(10);
    expect(reply.text.match(/\]\(/g)?.length).toBe(links.length);
  });
});
