import type { SeedSupplyItem } from './types';

/** Packing supplies sold during booking (prices in THB each, VAT-inclusive). */
export const SUPPLY_ITEMS: SeedSupplyItem[] = [
  {
    id: 'lock',
    // An extra lock: the setup fee already includes one (docs/product-rules.md, issue 37).
    name: { en: 'Extra stainless steel lock', th: 'กุญแจสแตนเลสลูกที่สอง', ru: 'Дополнительный замок из нержавеющей стали' },
    priceBaht: 350,
  },
  {
    id: 'box_small',
    name: { en: 'Small box (10-pack)', th: 'กล่องกระดาษขนาดเล็ก (แพ็ก 10 ใบ)', ru: 'Маленькие коробки (10 шт.)' },
    priceBaht: 200,
  },
  {
    id: 'box_medium',
    name: { en: 'Medium box (10-pack)', th: 'กล่องกระดาษขนาดกลาง (แพ็ก 10 ใบ)', ru: 'Средние коробки (10 шт.)' },
    priceBaht: 300,
  },
  {
    id: 'box_large',
    name: { en: 'Large box (10-pack)', th: 'กล่องกระดาษขนาดใหญ่ (แพ็ก 10 ใบ)', ru: 'Большие коробки (10 шт.)' },
    priceBaht: 400,
  },
  {
    id: 'bubble_wrap',
    name: { en: 'Bubble wrap roll', th: 'แอร์บับเบิ้ลกันกระแทก (ม้วน)', ru: 'Пузырчатая плёнка (рулон)' },
    priceBaht: 125,
  },
  {
    id: 'tape',
    name: { en: 'Packing tape', th: 'เทปปิดกล่อง', ru: 'Упаковочный скотч' },
    priceBaht: 30,
  },
  {
    id: 'tape_dispenser',
    name: { en: 'Tape dispenser with 1 roll', th: 'แท่นตัดเทป พร้อมเทป 1 ม้วน', ru: 'Диспенсер для скотча с 1 рулоном' },
    priceBaht: 135,
  },
];
