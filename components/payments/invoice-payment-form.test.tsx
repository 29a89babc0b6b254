import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InvoicePaymentForm, type PaymentFormTexts } from './invoice-payment-form';

// The slip picker and "I've sent the payment" on the payment pages: in the page's server HTML (before React has taken
// it over) both are disabled, so a tap on a slow phone is not lost to a control with no handler yet; the browser
// enables them when the page hydrates (e2e/invoices-payments.mobile.spec.ts uses them there).
const texts = Object.fromEntries(
  ['proofTitle', 'proofHint', 'choose', 'uploading', 'uploaded', 'invalidType', 'tooLarge', 'uploadFailed', 'busy', 'sent', 'sending', 'doneTitle', 'doneBody', 'paidTitle', 'paidBody'].map((k) => [k, `text:${k}`]),
) as unknown as PaymentFormTexts;

describe('the invoice payment form as the server sends it', () => {
  it('shows the slip picker and the button, both disabled until the page is interactive', () => {
    const html = renderToStaticMarkup(<InvoicePaymentForm invoiceId="inv1" token="t" method="bank_transfer" texts={texts} submit={async () => ({ ok: true, data: { status: 'pending' } })} initiallyDone={false} />);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*disabled=""/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>text:sent<\/button>/);
  });
});
