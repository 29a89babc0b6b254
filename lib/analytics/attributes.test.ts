import { describe, expect, it } from 'vitest';
import { readTrackAttributes, trackAttributes } from './attributes';

/** What the browser makes of data-* attributes: data-track-unit-type → dataset.trackUnitType. */
function dataset(attrs: Record<string, string>): DOMStringMap {
  const out: DOMStringMap = {};
  for (const [name, value] of Object.entries(attrs)) {
    out[name.slice('data-'.length).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

describe('track attributes', () => {
  it('round-trips an event and its snake_case parameters through data-* attributes', () => {
    const attrs = trackAttributes('chat_platform_click', { platform: 'whatsapp', source: 'live_support' });
    expect(attrs).toEqual({ 'data-track': 'chat_platform_click', 'data-track-platform': 'whatsapp', 'data-track-source': 'live_support' });
    expect(readTrackAttributes({ dataset: dataset(attrs) })).toEqual({ event: 'chat_platform_click', params: { platform: 'whatsapp', source: 'live_support' } });
    expect(readTrackAttributes({ dataset: dataset(trackAttributes('cta_click', { cta: 'book_now', unit_type: 'm' })) })).toEqual({
      event: 'cta_click',
      params: { cta: 'book_now', unit_type: 'm' },
    });
  });

  it('ignores elements that are not marked', () => {
    expect(readTrackAttributes({ dataset: dataset({ 'data-testid': 'x' }) })).toBeNull();
  });
});
