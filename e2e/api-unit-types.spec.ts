import { expect, test } from '@playwright/test';

// The live unit listing as JSON against the running server (the integration test covers its rules).
test.describe('GET /api/unit-types', () => {
  test('answers the listing in the requested language, shareable for at most 10 seconds', async ({ request }) => {
    const res = await request.get('/api/unit-types?locale=ru');
    expect(res.status()).toBe(200);
    // docs/product-rules.md#caching: availability a visitor sees is never more than a minute old.
    expect(res.headers()['cache-control']).toBe('public, max-age=0, s-maxage=10');
    const body = await res.json();
    expect(body).toMatchObject({ currency: 'THB', locale: 'ru' });
    expect(body.unitTypes.find((u: { code: string }) => u.code === 's')).toMatchObject({ startingPrice: { satang: 140_000, baht: 1400 }, soldOut: false });
    expect(body.unitTypes.find((u: { code: string }) => u.code === 'm').name).toBe('Средний бокс');
  });

  test('an unknown locale is a 400 with a clear message', async ({ request }) => {
    const res = await request.get('/api/unit-types?locale=fr');
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_parameter', parameter: 'locale', message: 'locale must be one of en, th, ru' });
  });
});
