import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { CompiledIntlProvider } from '@/lib/i18n/compiled-client';
import { compileClientMessages } from '@/lib/i18n/compiled-messages';
import { StepPaymentMethod } from './step-payment-method';

// Step 9 without a card key (docs/product-rules.md#payment-methods-that-cannot-be-used): card and PromptPay are shown
// as unavailable, with the reason, in the customer's language, and card is no longer "Recommended".
const MESSAGES = { en, th, ru } as const;

function render(locale: keyof typeof MESSAGES, unavailable: ('card' | 'promptpay')[], lastUnitOf: string | null = null) {
  return renderToStaticMarkup(
    <CompiledIntlProvider locale={locale} messages={compileClientMessages(MESSAGES[locale], ['booking'])}>
      <StepPaymentMethod value={null} status={null} unavailable={unavailable} lastUnitOf={lastUnitOf} onSelect={() => {}} />
    </CompiledIntlProvider>,
  );
}

describe('step 9, where the payment method is chosen', () => {
  it.each(['en', 'th', 'ru'] as const)('in %s, says card and PromptPay are unavailable and why, and recommends nothing', (locale) => {
    const p = MESSAGES[locale].booking.payment;
    const html = render(locale, ['card', 'promptpay']);
    expect(html).not.toContain(`>${p.recommended}<`);
    expect(html.split(p.unavailableReason).length - 1).toBe(2);
    expect(html.match(/<input[^>]*disabled=""[^>]*>/g)?.map((i) => /value="(\w+)"/.exec(i)![1])).toEqual(['card', 'promptpay']);
  });

  it('recommends card when it can be used, with nothing disabled', () => {
    const html = render('en', []);
    expect(html).toContain('>Recommended<');
    expect(html).not.toContain(en.booking.payment.unavailableReason);
    expect(html).not.toMatch(/disabled=""/);
  });

  // docs/product-rules.md#inventory: an unpaid booking never holds the type's last free unit, so cash is not "held".
  it.each(['en', 'th', 'ru'] as const)('in %s, with only the last unit left, says it goes to whoever pays first and promises no hold', (locale) => {
    const b = MESSAGES[locale].booking;
    const html = render(locale, [], 'Large Unit');
    expect(html).toContain(b.lastUnit.title.replace('{unitType}', 'Large Unit'));
    expect(html).toContain(b.lastUnit.body);
    expect(html).toContain(b.payment.methods.cash.n1LastUnit);
    expect(html).not.toContain(b.payment.methods.cash.n1.split('{hours}')[0]);
  });

  it('promises the cash hold while more than the last unit is free', () => {
    const html = render('en', [], null);
    expect(html).toContain('Unit held for 48 hours');
    expect(html).not.toContain(en.booking.payment.methods.cash.n1LastUnit);
  });
});
