/**
 * A business customer's head office or branch, as its tax invoices must name it (docs/product-rules.md#tax-branch):
 * the Revenue Department numbers a VAT registrant's places of business with 5 digits, `00000` being the head office.
 * Pure and in zod/mini: the wizard, /checkout, the portal and the server all check with this one schema.
 */
import './zod-csp';
import * as z from 'zod/mini';

export const HEAD_OFFICE = '00000';
export const TAX_BRANCH_KINDS = ['head_office', 'branch'] as const;
export type TaxBranchKind = (typeof TAX_BRANCH_KINDS)[number];

/** The message keys (namespace `taxBranch.errors`), in the order they are checked: the first one found is shown. */
export type TaxBranchError = 'branchNumberRequired' | 'branchNumberLength' | 'branchNumberHeadOffice';

const branchNumber = z.string().check(
  z.trim(),
  z.minLength(1, 'branchNumberRequired' satisfies TaxBranchError),
  z.regex(/^\d{5}$/, 'branchNumberLength' satisfies TaxBranchError),
  z.refine((v) => v !== HEAD_OFFICE, 'branchNumberHeadOffice' satisfies TaxBranchError),
);

/** Head office, or a branch with its own 5-digit number (never 00000, which is the head office). */
export const taxBranchSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('head_office'), number: z.optional(z.string()) }),
  z.object({ kind: z.literal('branch'), number: branchNumber }),
]);
export type TaxBranchInput = z.input<typeof taxBranchSchema>;

/** The first problem with a choice, as a message key, or null when it is valid. */
export function taxBranchError(input: { kind: TaxBranchKind; number?: string | null }): TaxBranchError | null {
  const parsed = taxBranchSchema.safeParse({ kind: input.kind, number: input.number ?? '' });
  return parsed.success ? null : (parsed.error.issues[0].message as TaxBranchError);
}

/** What is stored and printed: '00000' for the head office, else the branch's number. Throws on an invalid choice. */
export function taxBranchNumber(input: { kind: TaxBranchKind; number?: string | null }): string {
  const parsed = taxBranchSchema.parse({ kind: input.kind, number: input.number ?? '' });
  return parsed.kind === 'head_office' ? HEAD_OFFICE : parsed.number;
}

/** The form's choice for a stored number (null, from before branches were asked, is the head office). */
export function taxBranchChoice(stored: string | null | undefined): { kind: TaxBranchKind; number: string } {
  return !stored || stored === HEAD_OFFICE ? { kind: 'head_office', number: '' } : { kind: 'branch', number: stored };
}

/** As the customer types: digits only, at most 5. */
export function formatBranchNumber(input: string): string {
  return input.replace(/\D/g, '').slice(0, 5);
}
