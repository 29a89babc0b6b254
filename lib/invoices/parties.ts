import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import { defaultSetting, parseSetting, type SellerSettings } from '@/lib/settings';
import { HEAD_OFFICE } from '@/lib/validation/tax-branch';

type Tx = Prisma.TransactionClient;

/** The seller as printed on a tax invoice, frozen into the document when it is issued. */
export type SellerSnapshot = SellerSettings;

/** The buyer as printed: a company with its tax ID and branch, or a person. */
export interface BuyerSnapshot {
  type: 'individual' | 'business';
  name: string;
  /** the person who booked, for a company */
  contactName: string | null;
  address: string;
  taxId: string | null;
  /** '00000' = head office, else the 5-digit branch; copied from the customer when the document is issued */
  branch: string | null;
  email: string;
  locale: string;
}

export async function sellerSnapshot(tx: Tx): Promise<SellerSnapshot> {
  const row = await tx.setting.findUnique({ where: { key: 'seller' } });
  return row ? parseSetting('seller', row.value) : defaultSetting('seller');
}

export function buyerSnapshot(customer: {
  type: 'individual' | 'business';
  firstName: string;
  lastName: string;
  companyName: string | null;
  taxId: string | null;
  /** null: a company booked before the branch was asked, billed at its head office */
  taxBranch: string | null;
  address: string;
  email: string;
  locale: string;
}): BuyerSnapshot {
  const person = `${customer.firstName} ${customer.lastName}`.trim();
  const business = customer.type === 'business' && Boolean(customer.companyName);
  return {
    type: business ? 'business' : 'individual',
    name: business ? customer.companyName! : person,
    contactName: business ? person : null,
    address: customer.address,
    taxId: business ? customer.taxId : null,
    branch: business ? (customer.taxBranch ?? HEAD_OFFICE) : null,
    email: customer.email,
    locale: customer.locale,
  };
}

export function asSeller(value: unknown): SellerSnapshot {
  return parseSetting('seller', value);
}

export function asBuyer(value: unknown): BuyerSnapshot | null {
  return value && typeof value === 'object' ? (value as BuyerSnapshot) : null;
}
