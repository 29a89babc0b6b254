// The PDF parse of an uploaded file, in a worker thread with its own heap cap (lib/payments/proofs/pdf-check.ts starts
// it and ends it at its time limit). Plain JavaScript outside the bundle: the production image copies this file
// (Dockerfile) and resolves pdfjs-dist from node_modules. Answers { pages } or { error }.
import { parentPort, workerData } from 'node:worker_threads';

try {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(workerData.bytes),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    stopAtErrors: true,
    verbosity: 0,
  }).promise;
  const pages = doc.numPages;
  await doc.destroy();
  parentPort.postMessage({ pages });
} catch (error) {
  parentPort.postMessage({ error: String(error?.name ?? 'error') });
}
