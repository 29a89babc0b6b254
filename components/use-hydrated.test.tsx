import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PortalForm } from '@/app/[locale]/my-booking/_components/portal-form';
import { ActionForm } from '@/app/admin/_components/action-form';

// A tap on a form's button before the page's script has taken over would send the form natively (a GET of the page,
// its fields in the address) and lose the customer's notice, upload or change. As the server sends them, the buttons
// of the portal's and the staff screens' forms are disabled, and the forms post if they are ever sent natively.
const action = async () => ({ ok: true as const, data: null });

describe('forms bound to server actions, as the server sends them', () => {
  it("the portal's form cannot be sent before the page is ready", () => {
    const html = renderToStaticMarkup(<PortalForm action={action} submit="Give notice" working="…" />);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Give notice<\/button>/);
  });

  it("a staff form cannot be sent before the page is ready", () => {
    const html = renderToStaticMarkup(<ActionForm action={action} submit="Verify payment" />);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Verify payment<\/button>/);
  });
});
