import { describe, expect, it } from 'vitest';
import { chatSegments, safeChatHref } from './text-segments';

describe('chat text segments', () => {
  it('turns Markdown links to our pages and bold text into segments', () => {
    expect(chatSegments('The **Medium Unit** is ฿2,700. [Book now](/th/booking-v2?unit=m).')).toEqual([
      { kind: 'text', text: 'The ' },
      { kind: 'bold', text: 'Medium Unit' },
      { kind: 'text', text: ' is ฿2,700. ' },
      { kind: 'link', text: 'Book now', href: '/th/booking-v2?unit=m' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('links bare addresses of our booking pages and of our chat channels, without trailing punctuation', () => {
    expect(chatSegments('Book at /booking-v2?unit=m, or WhatsApp https://wa.me/66936541234.')).toEqual([
      { kind: 'text', text: 'Book at ' },
      { kind: 'link', text: '/booking-v2?unit=m', href: '/booking-v2?unit=m' },
      { kind: 'text', text: ', or WhatsApp ' },
      { kind: 'link', text: 'https://wa.me/66936541234', href: 'https://wa.me/66936541234' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps links to anywhere else as plain text, so a manipulated answer cannot send visitors to a fake payment page', () => {
    expect(chatSegments('[Pay here](https://evil.example/pay) or https://evil.example/x')).toEqual([{ kind: 'text', text: 'Pay here or https://evil.example/x' }]);
    expect(chatSegments('[x](javascript:alert(1))').some((s) => s.kind === 'link')).toBe(false);
    for (const bad of ['//evil.example/a', 'http://wa.me/1', 'https://user@wa.me/1', 'data:text/html,hi', '/\\evil.example', 'https://www.google.com/url?q=https://evil.example']) {
      expect(safeChatHref(bad), bad).toBeNull();
    }
  });

  it('accepts our own origin and the map link', () => {
    expect(safeChatHref('https://phuketselfstorage.com/faq', 'https://phuketselfstorage.com')).toBe('/faq');
    expect(safeChatHref('https://maps.google.com/?q=Phuket+Self+Storage')).toBe('https://maps.google.com/?q=Phuket+Self+Storage');
  });
});
