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

/**
 * The last documents sanitized, by their markup: every booking submit signs the same agreement and names the same
 * privacy notice, and sanitizing them took about 2 ms of CPU each time (README "Performance", booking submits). The
 * result depends on the markup alone, so a kept one is exactly what sanitizing again would give.
 */
const recent = new Map<string, string | null>();
const RECENT_MAX = 32;

/** Sanitized HTML, or null when sanitizing fails or leaves nothing to show (callers render their fallback). */
export function sanitizeLegalHtml(html: string | null | undefined): string | null {
  if (!html) return null;
  const kept = recent.get(html);
  if (kept !== undefined) return kept;
  const clean = sanitize(html);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(html, clean);
  return clean;
}

function sanitize(html: string): string | null {
  try {
    const clean = sanitizeHtml(html, OPTIONS).trim();
    return clean.replace(/<[^>]*>/g, '').trim() ? clean : null;
  } catch {
    return null;
  }
}
