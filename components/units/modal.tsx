'use client';

import { useId, type ReactNode } from 'react';
import { useClientTexts } from '@/components/i18n/client-texts';
import { useModalDialog } from './use-modal-dialog';

/**
 * Modal built on the native <dialog>: the browser traps focus, closes it on Escape and restores focus to the opener,
 * so no focus-trap library ships to the client.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg';
}) {
  const closeLabel = useClientTexts().close;
  const dialogProps = useModalDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      className={`m-auto w-[calc(100%-2rem)] ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'} max-h-[90dvh] rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60`}
    >
      {open ? (
        <div className="flex max-h-[90dvh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <h2 id={titleId} className="text-lg font-bold text-slate-900">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="-m-1 rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span aria-hidden="true" className="block h-6 w-6 text-center text-xl leading-6">
                ×
              </span>
              <span className="sr-only">{closeLabel}</span>
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
