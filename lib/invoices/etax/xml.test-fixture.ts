import type { InvoiceDocumentInput } from '../document';
import type { CreditNoteDocumentInput } from '../credit-note-document';
import { defaultSetting } from '@/lib/settings';

// Worked example 2 of the pricing rules (a business, unit l, 12 months, promo, bank transfer): lines as issued.
export const input: InvoiceDocumentInput = {
  number: 'INV-2026-000042',
  kind: 'initial',
  status: 'open',
  issuedAt: new Date('2026-11-22T05:00:00Z'),
  dueAt: new Date('2026-11-24T05:00:00Z'),
  paidAt: null,
  totalSatang: 70_532_00,
  vatSatang: 4_349_00,
  seller: defaultSetting('seller'),
  buyer: { type: 'business', name: 'Andaman Trading Co., Ltd. & Sons', contactName: 'Somchai Jaidee', address: '99 Rat-U-Thit Road, Patong, Kathu, Phuket 83150', taxId: '0105561012345', branch: '00001', email: 'acc@andaman.example', locale: 'th' },
  reference: 'BF2-ABCDEFGH',
  lines: [
    { kind: 'rent', description: 'Rent, unit L, 12 months', quantity: 12, unitSatang: 7_100_00, amountSatang: 85_200_00, position: 0 },
    { kind: 'discount', description: 'Prepaid 12 months −15%', quantity: 1, unitSatang: -12_780_00, amountSatang: -12_780_00, position: 1 },
    { kind: 'discount', description: 'Promo code −10%', quantity: 1, unitSatang: -7_242_00, amountSatang: -7_242_00, position: 2 },
    { kind: 'product', description: 'Lock', quantity: 1, unitSatang: 350_00, amountSatang: 350_00, position: 3 },
    { kind: 'product', description: 'Medium boxes (10)', quantity: 2, unitSatang: 300_00, amountSatang: 600_00, position: 4 },
    { kind: 'fee', description: 'Setup fee', quantity: 1, unitSatang: 350_00, amountSatang: 350_00, position: 5 },
    { kind: 'deposit', description: 'Security deposit (refundable)', quantity: 1, unitSatang: 7_100_00, amountSatang: 7_100_00, position: 6 },
    { kind: 'withholding_tax', description: 'Withholding tax 5%', quantity: 1, unitSatang: -3_046_00, amountSatang: -3_046_00, position: 7 },
  ],
  creditNotes: [],
  withholdingCertificate: null,
};


// A correction of 1,070 (VAT 70) on that invoice, whose goods and services without the deposit are 66,478 incl. VAT 4,349.
export const creditNoteInput: CreditNoteDocumentInput = {
  number: 'CN-2026-000007',
  issuedAt: new Date('2026-11-25T03:00:00Z'),
  reason: 'Unit moved: price difference',
  amountSatang: 1_070_00,
  vatSatang: 70_00,
  seller: input.seller,
  buyer: input.buyer,
  invoice: { number: input.number, issuedAt: input.issuedAt, reference: input.reference, vatableSatang: 66_478_00, vatSatang: 4_349_00 },
  earlier: [],
};
