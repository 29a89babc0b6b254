/** The contact step's rules (docs/product-rules.md#booking-wizard), loaded with its screen. */
import type { ContactDetails } from '@/lib/booking/draft';
import { isValidEmail, isValidName, isValidPhone, isValidThaiTaxId, taxIdDigits } from '@/lib/validation/contact';
import { taxBranchError, type TaxBranchError } from '@/lib/validation/tax-branch';

export type ContactField = 'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'companyName' | 'taxId' | 'branchNumber';
export type ErrorKey =
  | 'firstName'
  | 'lastName'
  | 'nameInvalid'
  | 'email'
  | 'emailInvalid'
  | 'phone'
  | 'phoneInvalid'
  | 'address'
  | 'addressInvalid'
  | 'companyName'
  | 'taxId'
  | 'taxIdLength'
  | 'taxIdChecksum'
  /** messages in the `taxBranch.errors` namespace */
  | TaxBranchError;

/** The contact rules of docs/product-rules.md#booking-wizard; one message per field, first rule wins. */
export function validateContact(c: ContactDetails, business: boolean): Partial<Record<ContactField, ErrorKey>> {
  const e: Partial<Record<ContactField, ErrorKey>> = {};
  if (!c.firstName.trim()) e.firstName = 'firstName';
  else if (!isValidName(c.firstName)) e.firstName = 'nameInvalid';
  if (!c.lastName.trim()) e.lastName = 'lastName';
  else if (!isValidName(c.lastName)) e.lastName = 'nameInvalid';
  if (!c.email.trim()) e.email = 'email';
  else if (!isValidEmail(c.email)) e.email = 'emailInvalid';
  if (!c.phone.trim()) e.phone = 'phone';
  else if (!isValidPhone(c.phone)) e.phone = 'phoneInvalid';
  if (!c.address.trim()) e.address = 'address';
  else if (!isValidName(c.address)) e.address = 'addressInvalid';
  if (business) {
    if (!c.companyName.trim()) e.companyName = 'companyName';
    else if (!isValidName(c.companyName)) e.companyName = 'nameInvalid';
    if (!c.taxId.trim()) e.taxId = 'taxId';
    else if (taxIdDigits(c.taxId).length !== 13) e.taxId = 'taxIdLength';
    else if (!isValidThaiTaxId(c.taxId)) e.taxId = 'taxIdChecksum';
    const branch = taxBranchError({ kind: c.taxBranch, number: c.branchNumber });
    if (branch) e.branchNumber = branch;
  }
  return e;
}
