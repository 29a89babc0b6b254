import { expect, test, type APIResponse } from '@playwright/test';

/**
 * Every answer of an uploaded-file route carries one policy, the route's own `sandbox` one, whatever its address
 * ends with and whether or not there is a file (docs/product-rules.md#security-headers, "Uploaded files"; issue 38,
 * finding 6). `/admin/proofs/x.png` used to reach the route under the config's not-a-page policy (Next keeps a header
 * already set and drops the route's), and a route's 404 carried no policy of its own.
 * The files themselves, found and shown to staff and tenants: e2e/uploaded-files.spec.ts.
 */
const policies = (res: APIResponse) =>
  res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'content-security-policy')
    .map((h) => h.value);

test("an uploaded-file route's answers carry its own sandbox policy and no other, whatever the address ends with", async ({ request }) => {
  const paths = ['/admin/proofs/nope', '/admin/proofs/nope.png', '/admin/identity/nope.pdf', '/api/condition-photos/nope', '/api/condition-photos/nope.webp'];
  for (const path of paths) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    const [policy, ...more] = policies(res);
    expect(more, `one policy only for ${path}`).toEqual([]);
    expect(policy, path).toContain('sandbox');
    expect(policy, path).toContain("default-src 'none'");
    expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
  }
});
