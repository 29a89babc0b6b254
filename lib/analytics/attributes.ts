import type { AnalyticsEvent } from './track';

/**
 * data-* attributes that mark a link or button for the click tracker (components/analytics/click-tracker.tsx), so
 * server-rendered links report their clicks without becoming client components. Parameter names are snake_case,
 * as the tag manager expects: trackAttributes('chat_platform_click', { platform: 'line', source: 'contact' }).
 */
export function trackAttributes(event: AnalyticsEvent, params: Record<string, string>): Record<`data-${string}`, string> {
  const attrs: Record<`data-${string}`, string> = { 'data-track': event };
  for (const [key, value] of Object.entries(params)) attrs[`data-track-${key.replace(/_/g, '-')}`] = value;
  return attrs;
}

/** The event and parameters a marked element carries (the inverse of trackAttributes). */
export function readTrackAttributes(el: { dataset: DOMStringMap }): { event: AnalyticsEvent; params: Record<string, string> } | null {
  const event = el.dataset.track as AnalyticsEvent | undefined;
  if (!event) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(el.dataset)) {
    if (key === 'track' || !key.startsWith('track') || value === undefined) continue;
    const name = key.slice('track'.length);
    params[name.charAt(0).toLowerCase() + name.slice(1).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value;
  }
  return { event, params };
}
