/**
 * THE upload limits (docs/product-rules.md#uploads), shared by the browser checks, the server checks, the server-action
 * body limit (next.config.ts) and the reverse proxy (deploy/nginx/nginx.conf, kept equal by a test). Plain constants:
 * safe to import from client components.
 */

/** Largest file a customer or staff member may upload, in MB: slips, identity documents, photos, unit pictures. */
export const MAX_UPLOAD_MB = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/**
 * Largest request body that carries files: two files (the identity document and its selfie) plus the multipart
 * envelope. Next's server-action limit and the proxy's `client_max_body_size` are this, so a file somewhat over
 * MAX_UPLOAD_MB still reaches the app and is refused with the translated message; a body past even this is refused by
 * the transport, and the upload forms turn that refusal into the same message (lib/uploads/check.ts).
 */
export const MAX_FILES_PER_REQUEST = 2;
export const UPLOAD_REQUEST_MAX_MB = MAX_FILES_PER_REQUEST * MAX_UPLOAD_MB + 1;
export const UPLOAD_REQUEST_MAX_BYTES = UPLOAD_REQUEST_MAX_MB * 1024 * 1024;

/** Payment slips and identity documents: pictures or a PDF. */
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf,.jpg,.jpeg,.png,.gif,.webp,.pdf';
/** Condition photos and selfies: pictures only. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp';
