/**
 * Chat text → pieces the widget renders as React elements (never as HTML): plain text, **bold**, and links. A link is
 * kept only when it leads to our own site (a path such as /booking-v2?unit=m) or to the public channels we list
 * (WhatsApp, LINE, Messenger, Instagram, Google Maps); anything else a model or a message produces stays plain text,
 * so a manipulated answer cannot send a visitor to a look-alike payment page.
 */
export type ChatSegment = { kind: 'text'; text: string } | { kind: 'bold'; text: string } | { kind: 'link'; text: string; href: string };

const ALLOWED_HOSTS = new Set(['wa.me', 'line.me', 'm.me', 'instagram.com', 'www.instagram.com', 'maps.google.com', 'www.google.com', 'google.com']);

/** `href` when it is safe to open from the chat, else null. `siteOrigin` is the page's own origin. */
export function safeChatHref(href: string, siteOrigin?: string): string | null {
  const h = href.trim();
  // Our own pages: a root-relative path, never protocol-relative (//evil.example).
  if (/^\/(?!\/)[^\s]*$/.test(h) && !h.includes('\\')) return h;
  let url: URL;
  try {
    url = new URL(h);
  } catch {
    return null;
  }
  if (siteOrigin && url.origin === siteOrigin) return url.pathname + url.search + url.hash;
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (!ALLOWED_HOSTS.has(url.hostname)) return null;
  if (url.hostname !== 'maps.google.com' && url.hostname.endsWith('google.com') && !url.pathname.startsWith('/maps')) return null;
  return url.toString();
}

// [label](href) | **bold** | a bare https:// address | a bare path of our site
const TOKEN = /\[([^\]\n]{1,200})\]\(([^)\s]{1,500})\)|\*\*([^*\n]{1,300})\*\*|(https:\/\/[^\s<>()]+[^\s<>().,!?;:'"])|((?<![\w/])\/(?:(?:th|ru)\/)?(?:booking-v2|checkout|faq|space-calculator|greenbox)(?:\?[^\s<>()]*[^\s<>().,!?;:'"])?)/g;

export function chatSegments(text: string, siteOrigin?: string): ChatSegment[] {
  const out: ChatSegment[] = [];
  const pushText = (t: string) => {
    if (!t) return;
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.text += t;
    else out.push({ kind: 'text', text: t });
  };
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    pushText(text.slice(at, m.index));
    at = m.index + m[0].length;
    const [whole, label, linkHref, bold, bareUrl, barePath] = m;
    if (label !== undefined && linkHref !== undefined) {
      const href = safeChatHref(linkHref, siteOrigin);
      if (href) out.push({ kind: 'link', text: label, href });
      else pushText(label);
    } else if (bold !== undefined) {
      out.push({ kind: 'bold', text: bold });
    } else {
      const raw = bareUrl ?? barePath ?? whole;
      const href = safeChatHref(raw, siteOrigin);
      if (href) out.push({ kind: 'link', text: raw, href });
      else pushText(raw);
    }
  }
  pushText(text.slice(at));
  return out;
}
