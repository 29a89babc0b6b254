import { describe, expect, it } from 'vitest';
import { sanitizeLegalHtml } from './sanitize';
import { fillAgreementVariables } from './agreement-variables';

describe('legal HTML sanitizing', () => {
  it('keeps document structure', () => {
    expect(sanitizeLegalHtml('<h2>Terms</h2><p>Rent is <strong>due</strong> monthly.</p><ul><li>a</li></ul>')).toBe(
      '<h2>Terms</h2><p>Rent is <strong>due</strong> monthly.</p><ul><li>a</li></ul>',
    );
  });

  it('removes scripts, forms, inputs and event handlers', () => {
    const out = sanitizeLegalHtml(
      '<p onclick="steal()">Hi</p><script>alert(1)</script><form action="/x"><input name="a"></form><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
    )!;
    expect(out).not.toMatch(/script|onclick|onerror|<form|<input|javascript:|<img/i);
    expect(out).toContain('<p>Hi</p>');
  });

  it('returns null for empty results so the fallback renders', () => {
    expect(sanitizeLegalHtml('')).toBeNull();
    expect(sanitizeLegalHtml('<script>x</script>')).toBeNull();
    expect(sanitizeLegalHtml(null)).toBeNull();
  });

  it('fills agreement variables with escaped values', () => {
    expect(fillAgreementVariables('<p>{{customerName}} rents {{unit}} from {{ startDate }}; {{other}}</p>', {
      customerName: 'Anna <b>',
      unit: 'Medium',
      startDate: '1 December 2026',
    })).toBe('<p>Anna &lt;b&gt; rents Medium from 1 December 2026; ________</p>');
  });
});
