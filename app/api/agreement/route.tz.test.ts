import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';

const read = vi.hoisted(() => vi.fn());
vi.mock('@/lib/site-data/readers', () => ({ publicRentalAgreement: read }));
const { GET } = await import('./route');

const get = (qs: string) => GET(new NextRequest(`http://localhost/api/agreement${qs}`));

describe('GET /api/agreement: the rental agreement the wizard shows at step 10', () => {
  it("answers the language's agreement with its document id, unfilled, for a cache to keep as long as a page", async () => {
    read.mockResolvedValueOnce({ id: 'doc-th-3', title: 'สัญญาเช่า', html: '<p>{{customerName}}</p>', version: 3, updatedAt: new Date() });
    const res = await get('?locale=th');
    expect(read).toHaveBeenLastCalledWith('th');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
    expect(await res.json()).toEqual({ id: 'doc-th-3', title: 'สัญญาเช่า', html: '<p>{{customerName}}</p>' });
  });

  it('refuses a language the site does not have, and is never kept when the database fails', async () => {
    for (const qs of ['', '?locale=de', '?locale=TH']) {
      const res = await get(qs);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_locale' });
    }
    read.mockRejectedValueOnce(new Error('database down'));
    const res = await get('?locale=ru');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
