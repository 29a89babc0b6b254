'use client';
import { useId, useState } from 'react';
import { useTranslations } from '@/lib/i18n/compiled-client';

import { checkUploadFile } from '@/lib/uploads/check';
import { DOCUMENT_ACCEPT, MAX_UPLOAD_MB } from '@/lib/uploads/limits';

type UploadProblem = 'invalidType' | 'tooLarge' | 'failed' | 'busy';
type UploadState = { kind: 'none' } | { kind: 'uploading' } | { kind: 'success'; fileName: string } | { kind: 'error'; message: UploadProblem };

/** First check in the browser for quick feedback (docs/product-rules.md#uploads); the server checks the real content again. */
export function checkProofFile(file: { type: string; name: string; size: number }): 'invalidType' | 'tooLarge' | null {
  return checkUploadFile(file, DOCUMENT_ACCEPT);
}

/** The server's answer as the problem to show: its own code, or a body the transport refused (413) as too large. */
export function proofUploadProblem(status: number, error: string | undefined): UploadProblem {
  if (error === 'type') return 'invalidType';
  if (error === 'size' || status === 413) return 'tooLarge';
  return error === 'busy' ? 'busy' : 'failed';
}

export function ProofUpload({
  uploadedName,
  onUploaded,
}: {
  uploadedName: string | null;
  onUploaded: (id: string, fileName: string) => void;
}) {
  const t = useTranslations('booking.proof');
  const tu = useTranslations('uploads');
  const id = useId();
  const [state, setState] = useState<UploadState>(uploadedName ? { kind: 'success', fileName: uploadedName } : { kind: 'none' });

  async function upload(file: File) {
    const problem = checkProofFile(file);
    if (problem) {
      setState({ kind: 'error', message: problem });
      return;
    }
    setState({ kind: 'uploading' });
    try {
      const body = new FormData();
      body.append('file', file);
      const res = await fetch('/api/payment-proofs', { method: 'POST', body });
      const json = (await res.json().catch(() => null)) as { id?: string; fileName?: string; error?: string } | null;
      if (res.ok && json?.id) {
        const name = json.fileName ?? file.name;
        setState({ kind: 'success', fileName: name });
        onUploaded(json.id, name);
        return;
      }
      setState({ kind: 'error', message: proofUploadProblem(res.status, json?.error) });
    } catch {
      setState({ kind: 'error', message: 'failed' });
    }
  }

  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4">
      <h3 className="font-semibold text-gray-900">{t('title')}</h3>
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
        {t('hint', { max: MAX_UPLOAD_MB })}
      </p>
      <label htmlFor={id} className="mt-3 block text-sm font-medium text-gray-900">
        {t('choose')}
      </label>
      <input
        id={id}
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-describedby={`${id}-hint`}
        disabled={state.kind === 'uploading'}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
          // Let the same file be chosen again after an error.
          e.target.value = '';
        }}
        className="mt-1 block w-full text-sm text-gray-900 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
      />
      <div aria-live="polite" className="mt-2 text-sm">
        {state.kind === 'uploading' ? <p className="text-gray-700">{t('uploading')}</p> : null}
        {state.kind === 'success' ? <p className="font-medium text-green-800">✓ {t('success', { name: state.fileName })}</p> : null}
        {/* A refused second file leaves the slip already uploaded in place (docs/product-rules.md#uploads). */}
        {state.kind === 'error' && uploadedName ? <p className="font-medium text-green-800">✓ {t('success', { name: uploadedName })}</p> : null}
      </div>
      {state.kind === 'error' ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {state.message === 'tooLarge' ? tu('tooLarge', { max: MAX_UPLOAD_MB }) : tu(state.message)}
        </p>
      ) : null}
    </section>
  );
}
