export interface CspOptions {
  production: boolean;
  /** NEXT_PUBLIC_GTM_ID when analytics is on */
  gtm: boolean;
  /** where a form may send the visitor besides this site (Stripe's hosted checkout) */
  checkoutOrigin: string;
}
export function cspOptionsFrom(env: { NODE_ENV?: string; NEXT_PUBLIC_GTM_ID?: string; STRIPE_API_BASE?: string }): CspOptions;
export function pagePolicy(script: { nonce: string } | { hashes: string[] }, opts: CspOptions): string;
export function inlineScriptHashes(html: string): string[];
