import { render } from '@react-email/render';
import { env } from '@/lib/env';
import { toLocale } from '@/lib/i18n/routing';
import { EMAIL_PREVIEWS, isEmailPreviewName, PREVIEW_LOCALES } from '@/emails/previews';

export const dynamic = 'force-dynamic';

const html = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * Development only (404 in production): every email template with sample data, in English, Thai and Russian, for
 * designers. `?template=NAME&locale=th` is the email as sent; `&format=text` its plain-text part; no query, the index.
 */
export async function GET(request: Request) {
  if (env().NODE_ENV === 'production') return new Response('Not found', { status: 404 });
  const url = new URL(request.url);
  const name = url.searchParams.get('template');
  if (name === null) return html(index());
  if (!isEmailPreviewName(name)) return html(`Unknown template ${escape(name)}`, 404);
  const element = EMAIL_PREVIEWS[name](toLocale(url.searchParams.get('locale')));
  if (url.searchParams.get('format') === 'text') {
    return new Response(await render(element, { plainText: true }), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  return html(await render(element));
}

function index(): string {
  const rows = Object.keys(EMAIL_PREVIEWS)
    .map((name) => {
      const links = PREVIEW_LOCALES.map((l) => `<a href="?template=${name}&locale=${l}">${l}</a> (<a href="?template=${name}&locale=${l}&format=text">text</a>)`).join(' · ');
      const frames = PREVIEW_LOCALES.map((l) => `<iframe title="${name} ${l}" src="?template=${name}&locale=${l}" loading="lazy"></iframe>`).join('');
      return `<section><h2>${name}</h2><p>${links}</p><div class="frames">${frames}</div></section>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Email previews</title>
<style>body{font-family:system-ui,sans-serif;margin:24px}.frames{display:grid;grid-template-columns:repeat(3,1fr);gap:12px}iframe{width:100%;height:720px;border:1px solid #ccc}</style>
</head><body><h1>Email previews</h1><p>Sample data, rendered by the real templates (development only).</p>${rows}</body></html>`;
}
