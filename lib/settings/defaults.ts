/**
 * The business's settings as first seeded, and the values the site falls back to when a row is missing or broken.
 * Business defaults live here in lib; the seed imports them (never the other way round). Staff change the rows later.
 * No 'server-only': the seed imports this under plain Node.
 */
export const DEFAULT_SETTINGS = {
  contact: {
    phone: '+66 93 654 1234',
    phoneHref: '+66936541234',
    whatsapp: '66936541234',
    line: '@phuketstorage',
    messenger: 'phuketselfstorage',
    instagram: 'phuketselfstorage',
    email: 'hello@phuketselfstorage.com',
    address: 'Opposite Boat Avenue, Cherngtalay, Thalang, Phuket 83110',
    // The address as Thai and Russian visitors read it (English is `address`).
    addressTranslations: {
      th: 'ตรงข้ามโบ๊ท อเวนิว ตำบลเชิงทะเล อำเภอถลาง จังหวัดภูเก็ต 83110',
      ru: 'Напротив Boat Avenue, Чернгталай, Таланг, Пхукет 83110',
    },
    mapUrl: 'https://maps.google.com/?q=Phuket+Self+Storage+Cherngtalay',
    latitude: 8.0006,
    longitude: 98.3017,
  },
  hours: {
    // Office Monday to Saturday 9:00–18:00; gate 24/7 by PIN (docs/product-rules.md#agreement-and-business-facts).
    officeDays: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
    opens: '09:00',
    closes: '18:00',
  },
  bank: {
    bankName: 'Kasikornbank',
    branch: 'Boat Avenue, Cherngtalay',
    accountName: 'Phuket Self Storage Co., Ltd.',
    accountNumber: '123-4-56789-0',
    swift: 'KASITHBK',
    translations: { th: { bankName: 'ธนาคารกสิกรไทย', branch: 'สาขาโบ๊ท อเวนิว เชิงทะเล' } },
  },
  cryptoWallets: {
    btc: 'bc1qphuketstorage0example0wallet0address0xyz9',
    usdt: 'TPhuketStorageUsdtTrc20ExampleAddr1',
    usdtNetwork: 'TRC20',
  },
  // THB per USD and USD per BTC; USDT = 1 USD. Staff update these; the crypto screen shows when they were set.
  cryptoRates: { thbPerUsd: 35, usdPerBtc: 45000, updatedAt: '2026-11-01T00:00:00.000Z' },
  // The seller printed on tax invoices (Revenue Code s.86/4); staff replace these example values in /admin.
  seller: {
    legalName: 'Phuket Self Storage Co., Ltd.',
    legalNameTh: 'บริษัท ภูเก็ต เซลฟ์ สตอเรจ จำกัด',
    address: '18/8 Moo 1, Srisoonthorn Road, Cherngtalay, Thalang, Phuket 83110',
    addressTh: '18/8 หมู่ 1 ถนนศรีสุนทร ตำบลเชิงทะเล อำเภอถลาง จังหวัดภูเก็ต 83110',
    taxId: '0835561012340',
    branch: '00000',
    phone: '+66 93 654 1234',
  },
  // PromptPay QR payments straight to the company's account (no card fees); an empty id hides the QR.
  promptpay: { id: '0835561012340', accountName: 'Phuket Self Storage Co., Ltd.', billerId: '' },
  // e-Tax Invoice by Email: off until the operator has registered with the Revenue Department.
  etax: { enabled: false, timestampEmail: 'csemail@etax.teda.th' },
} as const;

export type DefaultSettingKey = keyof typeof DEFAULT_SETTINGS;
