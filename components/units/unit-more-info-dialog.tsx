'use client';

import type { ReactNode } from 'react';
import { Modal } from './modal';
import { UnitImage } from './unit-image';

export interface UnitDetails {
  name: string;
  imageUrl: string | null;
  dimensions: string;
  sizeLine: string;
  availability: string;
  soldOut: boolean;
  price: string | null;
  description: string | null;
  /** at most five, or the three defaults (components/units/dialog-features.ts) */
  features: string[];
}

export interface UnitDetailsLabels {
  moreInfo: string;
  dimensions: string;
  availability: string;
  features: string;
  noImage: string;
}

/** The dialog of UnitMoreInfo: the unit's picture, size, availability, description and features. */
export function UnitMoreInfoDialog({
  open,
  onClose,
  details,
  labels,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  details: UnitDetails;
  labels: UnitDetailsLabels;
  footer?: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} title={details.name} footer={footer}>
      <UnitImage src={details.imageUrl} alt={details.name} placeholder={labels.noImage} className="aspect-[16/9] w-full rounded-lg" />
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">{labels.dimensions}</dt>
          <dd className="font-medium text-slate-900">{details.dimensions}</dd>
          {details.sizeLine ? <dd className="text-slate-700">{details.sizeLine}</dd> : null}
        </div>
        <div>
          <dt className="text-slate-600">{labels.availability}</dt>
          <dd className={`font-medium ${details.soldOut ? 'text-red-800' : 'text-slate-900'}`}>{details.availability}</dd>
          {details.price ? <dd className="text-slate-700">{details.price}</dd> : null}
        </div>
      </dl>
      {details.description ? <p className="mt-4 text-sm leading-relaxed text-slate-800">{details.description}</p> : null}
      <h4 className="mt-4 text-sm font-semibold text-slate-900">{labels.features}</h4>
      <ul className="mt-2 space-y-1.5 text-sm text-slate-800">
        {details.features.map((f, i) => (
          <li key={`${i}-${f}`} className="flex gap-2">
            <span aria-hidden="true" className="text-brand-700">
              ✓
            </span>
            {f}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
