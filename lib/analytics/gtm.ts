/** The Google Tag Manager container id when NEXT_PUBLIC_GTM_ID is set and well-formed; analytics is off otherwise. */
export function gtmId(): string | null {
  const id = process.env.NEXT_PUBLIC_GTM_ID?.trim();
  return id && /^GTM-[A-Z0-9]+$/.test(id) ? id : null;
}
