/**
 * Analytics events of the spec, pushed to the tag manager's dataLayer. Without a tag manager (no NEXT_PUBLIC_GTM_ID)
 * there is no dataLayer and every call is a no-op, so callers never need to check.
 */
export type AnalyticsEvent =
  | 'page_view'
  | 'cta_click'
  | 'waiting_list_join'
  | 'chat_platform_click'
  | 'unit_selected'
  | 'payment_method_selected'
  | 'crypto_payment_sent'
  | 'purchase';

export type AnalyticsParams = Record<string, string | number | boolean | null | undefined | readonly unknown[] | Record<string, unknown>>;

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function track(event: AnalyticsEvent, params: AnalyticsParams = {}): void {
  if (typeof window === 'undefined' || !Array.isArray(window.dataLayer)) return;
  try {
    window.dataLayer.push({ event, ...params });
  } catch {
    // Analytics must never break the page.
  }
}
