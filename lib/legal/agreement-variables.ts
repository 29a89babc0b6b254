/**
 * The rental agreement's {{variables}} and how they are filled. Kept apart from the sanitizer (sanitize-html stays on
 * the server) so the wizard in the browser and the booking on the server fill the text with the same code.
 */

export const AGREEMENT_VARIABLES = ['customerName', 'unit', 'monthlyRate', 'startDate', 'term', 'deposit', 'insurance'] as const;
export type AgreementVariable = (typeof AGREEMENT_VARIABLES)[number];
export type AgreementVariables = Partial<Record<AgreementVariable, string>>;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Fills {{variable}} placeholders with escaped values; unknown or missing ones become a blank line to fill in. */
export function fillAgreementVariables(html: string, vars: AgreementVariables): string {
  return html.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => {
    const value = vars[name as AgreementVariable];
    return value ? escapeHtml(value) : '________';
  });
}

export { escapeHtml };
