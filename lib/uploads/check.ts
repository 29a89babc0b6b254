import { MAX_UPLOAD_BYTES } from './limits';

/**
 * The browser's first check of a chosen file (docs/product-rules.md#uploads), before anything is sent: the type by the
 * input's `accept` list (declared type or file name) and the size against MAX_UPLOAD_BYTES. The server checks the real
 * content again and answers the same messages. Safe in client components.
 */
export type UploadProblem = 'invalidType' | 'tooLarge';

export interface UploadTexts {
  tooLarge: string;
  invalidType: string;
  invalidImage: string;
  failed: string;
}

export function checkUploadFile(file: { type: string; name: string; size: number }, accept: string): UploadProblem | null {
  const allowed = accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  if (allowed.length) {
    const type = (file.type || '').toLowerCase();
    const name = file.name.toLowerCase();
    const ok = allowed.some((a) => (a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : type === a));
    if (!ok) return 'invalidType';
  }
  if (file.size === 0 && file.name) return 'invalidType';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  return null;
}

/** Whether an `accept` list takes PDFs (its wrong-type message then names PDF). */
export const acceptsPdf = (accept: string) => /pdf/i.test(accept);

/** The message for a problem with a file picked for an input with this `accept` list. */
export function uploadProblemText(problem: UploadProblem, accept: string, texts: UploadTexts): string {
  if (problem === 'tooLarge') return texts.tooLarge;
  return acceptsPdf(accept) ? texts.invalidType : texts.invalidImage;
}

/**
 * The first problem among the files of a form about to be sent (each input's own `accept` list), as the message to
 * show; null when every chosen file passes.
 */
export function checkFormFiles(form: HTMLFormElement, texts: UploadTexts): string | null {
  for (const input of Array.from(form.querySelectorAll<HTMLInputElement>('input[type="file"]'))) {
    for (const file of Array.from(input.files ?? [])) {
      const problem = checkUploadFile(file, input.accept);
      if (problem) return uploadProblemText(problem, input.accept, texts);
    }
  }
  return null;
}

/** A request that failed on the way (the transport refused the body, the network dropped): the message to show. */
export function failedUploadText(files: { size: number }[], texts: UploadTexts, status?: number): string {
  return status === 413 || files.some((f) => f.size > MAX_UPLOAD_BYTES) ? texts.tooLarge : texts.failed;
}

/**
 * A form action that answers a failed upload in place: a request the transport refused (Next's or the proxy's body
 * cap, a dropped network) becomes the same translated message as the browser's own check, never an error page. The
 * one wrapper of the staff and portal forms.
 */
export function answeringFailedUploads<S, R extends { ok: boolean }>(
  action: (previous: S, data: FormData) => Promise<R>,
  uploads: UploadTexts | undefined,
): (previous: S, data: FormData) => Promise<R | { ok: false; error: 'upload_failed'; message: string }> {
  if (!uploads) return action;
  return async (previous, data) => {
    try {
      return await action(previous, data);
    } catch {
      const files = [...data.values()].filter((v): v is File => typeof v !== 'string');
      return { ok: false, error: 'upload_failed', message: failedUploadText(files, uploads) };
    }
  };
}
