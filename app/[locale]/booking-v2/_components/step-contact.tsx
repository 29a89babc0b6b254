'use client';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslations } from '@/lib/i18n/compiled-client';
import type { ContactDetails } from '@/lib/booking/draft';
import { formatTaxId, formatThaiPhone } from '@/lib/validation/contact';
import { formatBranchNumber, TAX_BRANCH_KINDS, type TaxBranchError } from '@/lib/validation/tax-branch';
import { validateContact, type ContactField, type ErrorKey } from './contact-rules';
import { primaryButton } from './ui';

const FIELD_ORDER: ContactField[] = ['companyName', 'taxId', 'branchNumber', 'firstName', 'lastName', 'email', 'phone', 'address'];

function Field({
  id,
  label,
  error,
  hint,
  required,
  ...input
}: { id: string; label: string; error?: string; hint?: string; required?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-900">
        {label}
        {required ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        className={`block min-h-11 w-full rounded-lg border px-3 py-2 text-base text-gray-900 disabled:bg-gray-100 ${error ? 'border-red-600' : 'border-gray-300'}`}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function StepContact({
  business,
  contact,
  onChange,
  onValidContinue,
}: {
  business: boolean;
  contact: ContactDetails;
  onChange: (patch: Partial<ContactDetails>) => void;
  onValidContinue: () => void;
}) {
  const t = useTranslations('booking.contact');
  const tb = useTranslations('taxBranch');
  const baseId = useId();
  const [errors, setErrors] = useState<Partial<Record<ContactField, ErrorKey>>>({});
  const id = (f: string) => `${baseId}-${f}`;

  function edit(field: ContactField, patch: Partial<ContactDetails>) {
    onChange(patch);
    // Errors clear as soon as the customer edits the field.
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  }

  function submit() {
    const found = validateContact(contact, business);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    onValidContinue();
  }

  const err = (f: ContactField) => {
    const key = errors[f];
    if (!key) return undefined;
    return f === 'branchNumber' ? tb(`errors.${key as TaxBranchError}`) : t(`errors.${key as Exclude<ErrorKey, TaxBranchError>}`);
  };
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form
      noValidate
      className="space-y-4"
      id="booking-contact-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-gray-700">{business ? t('subtitleBusiness') : t('subtitleIndividual')}</p>
      {hasErrors ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {t('errorSummary')}
        </p>
      ) : null}
      {business ? (
        <>
          <Field id={id('companyName')} label={t('companyName')} required autoComplete="organization" value={contact.companyName} error={err('companyName')} onChange={(e) => edit('companyName', { companyName: e.target.value })} />
          <Field
            id={id('taxId')}
            label={t('taxId')}
            required
            hint={t('taxIdHint')}
            inputMode="numeric"
            value={contact.taxId}
            error={err('taxId')}
            onChange={(e) => edit('taxId', { taxId: formatTaxId(e.target.value) })}
          />
          <fieldset aria-describedby={id('taxBranch-hint')}>
            <legend className="mb-1 block text-sm font-medium text-gray-900">{tb('legend')}</legend>
            <p id={id('taxBranch-hint')} className="mb-1 text-xs text-gray-600">
              {tb('hint')}
            </p>
            <div className="flex flex-wrap gap-x-6">
              {TAX_BRANCH_KINDS.map((kind) => (
                <label key={kind} className="flex min-h-11 items-center gap-2 text-base text-gray-900">
                  <input
                    type="radio"
                    className="h-5 w-5"
                    name={id('taxBranch')}
                    checked={contact.taxBranch === kind}
                    onChange={() => edit('branchNumber', { taxBranch: kind })}
                  />
                  {kind === 'head_office' ? tb('headOffice') : tb('branch')}
                </label>
              ))}
            </div>
          </fieldset>
          {contact.taxBranch === 'branch' ? (
            <Field
              id={id('branchNumber')}
              label={tb('branchNumber')}
              required
              hint={tb('branchNumberHint')}
              inputMode="numeric"
              maxLength={5}
              value={contact.branchNumber}
              error={err('branchNumber')}
              onChange={(e) => edit('branchNumber', { branchNumber: formatBranchNumber(e.target.value) })}
            />
          ) : null}
        </>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('firstName')} label={business ? t('firstNameBusiness') : t('firstName')} required autoComplete="given-name" value={contact.firstName} error={err('firstName')} onChange={(e) => edit('firstName', { firstName: e.target.value })} />
        <Field id={id('lastName')} label={business ? t('lastNameBusiness') : t('lastName')} required autoComplete="family-name" value={contact.lastName} error={err('lastName')} onChange={(e) => edit('lastName', { lastName: e.target.value })} />
      </div>
      <Field id={id('email')} label={business ? t('emailBusiness') : t('email')} required type="email" autoComplete="email" value={contact.email} error={err('email')} onChange={(e) => edit('email', { email: e.target.value })} />
      <Field
        id={id('phone')}
        label={t('phone')}
        required
        type="tel"
        autoComplete="tel"
        value={contact.phone}
        error={err('phone')}
        onChange={(e) => {
          const phone = formatThaiPhone(e.target.value);
          // While "same as phone" is ticked the WhatsApp number follows the phone.
          edit('phone', contact.whatsappSameAsPhone ? { phone, whatsapp: phone } : { phone });
        }}
      />
      <div>
        <Field
          id={id('whatsapp')}
          label={t('whatsapp')}
          type="tel"
          autoComplete="tel"
          value={contact.whatsapp}
          className={`block min-h-11 w-full rounded-lg border border-gray-300 px-3 py-2 text-base text-gray-900 ${contact.whatsappSameAsPhone ? 'bg-gray-100' : ''}`}
          // Typing into the field means it differs from the phone: un-tick "same as phone".
          onChange={(e) => onChange({ whatsapp: formatThaiPhone(e.target.value), whatsappSameAsPhone: false })}
        />
        <label className="mt-2 flex min-h-11 items-center gap-2 text-sm text-gray-900">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={contact.whatsappSameAsPhone}
            onChange={(e) => onChange(e.target.checked ? { whatsappSameAsPhone: true, whatsapp: contact.phone } : { whatsappSameAsPhone: false })}
          />
          {t('sameAsPhone')}
        </label>
      </div>
      {/* Several lines: a Thai address (house, soi, road, tambon, amphoe, province) is cut in a one-line field. */}
      <div>
        <label htmlFor={id('address')} className="mb-1 block text-sm font-medium text-gray-900">
          {business ? t('addressBusiness') : t('address')}
          <span aria-hidden="true" className="text-red-700"> *</span>
        </label>
        <textarea
          id={id('address')}
          rows={3}
          aria-required
          aria-invalid={err('address') ? true : undefined}
          aria-describedby={err('address') ? `${id('address')}-error` : undefined}
          autoComplete="street-address"
          maxLength={500}
          className={`block w-full rounded-lg border px-3 py-2 text-base text-gray-900 ${err('address') ? 'border-red-600' : 'border-gray-300'}`}
          value={contact.address}
          onChange={(e) => edit('address', { address: e.target.value })}
        />
        {err('address') ? (
          <p id={`${id('address')}-error`} className="mt-1 text-sm font-medium text-red-700">
            {err('address')}
          </p>
        ) : null}
      </div>
      <button type="submit" className={primaryButton}>
        {t('continue')}
      </button>
    </form>
  );
}
