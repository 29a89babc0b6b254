import sanitizeHtml from 'sanitize-html';

/** The only markup legal documents may use: no scripts, forms, inputs, styles or event handlers. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'a', 'br', 'hr', 'blockquote',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div', 'small'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['colspan', 'rowspan', 'scope'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Sanitized HTML, or null when sanitizing fails or leaves nothing to show (callers render their fallback). */
export function sanitizeLegalHtml(html: string | null | undefined): string | null {
  if (!html) return null;
  try {
    const clean = sanitizeHtml(html, OPTIONS).trim();
    return clean.replace(/<[^>]*>/g, '').trim() ? clean : null;
  } catch {
    return null;
  }
}
