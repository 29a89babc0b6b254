'use client';
import { useId, useState } from 'react';
import { formatBranchNumber, TAX_BRANCH_KINDS, type TaxBranchKind } from '@/lib/validation/tax-branch';

/** The `taxBranch` messages the server page read (client components outside the wizard get plain strings). */
export interface TaxBranchTexts {
  legend: string;
  hint: string;
  headOffice: string;
  branch: string;
  branchNumber: string;
  branchNumberHint: string;
}

/**
 * "Head office" or "Branch" with its 5-digit number, as form fields named `taxBranch` and `branchNumber` for a server
 * action (the portal's contact details). The number shows only for a branch; the server checks the rule.
 */
export function TaxBranchFields({ texts, defaultKind, defaultNumber, inputClassName }: { texts: TaxBranchTexts; defaultKind: TaxBranchKind; defaultNumber: string; inputClassName: string }) {
  const id = useId();
  const [kind, setKind] = useState<TaxBranchKind>(defaultKind);
  const [number, setNumber] = useState(defaultNumber);
  return (
    <>
      <fieldset aria-describedby={`${id}-hint`}>
        <legend className="block text-sm font-medium text-gray-900">{texts.legend}</legend>
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {texts.hint}
        </p>
        <div className="flex flex-wrap gap-x-6">
          {TAX_BRANCH_KINDS.map((k) => (
            <label key={k} className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
              <input type="radio" name="taxBranch" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {k === 'head_office' ? texts.headOffice : texts.branch}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'branch' ? (
        <label className="block text-sm font-medium text-gray-900">
          {texts.branchNumber}
          <input
            name="branchNumber"
            inputMode="numeric"
            required
            maxLength={5}
            value={number}
            onChange={(e) => setNumber(formatBranchNumber(e.target.value))}
            aria-describedby={`${id}-number-hint`}
            className={inputClassName}
          />
          <span id={`${id}-number-hint`} className="mt-1 block text-xs font-normal text-gray-600">
            {texts.branchNumberHint}
          </span>
        </label>
      ) : null}
    </>
  );
}
