import { afterEach, describe, expect, it } from 'vitest';
import { track } from './track';

const g = globalThis as unknown as { window?: { dataLayer?: unknown[] } };

describe('track', () => {
  afterEach(() => {
    delete g.window;
  });
  it('does nothing without a window or a dataLayer', () => {
    expect(() => track('page_view')).not.toThrow();
    g.window = {};
    expect(() => track('cta_click', { source: 'hero' })).not.toThrow();
    expect(g.window.dataLayer).toBeUndefined();
  });
  it('pushes the event with its parameters to the dataLayer', () => {
    g.window = { dataLayer: [] };
    track('chat_platform_click', { platform: 'whatsapp', source: 'contact' });
    expect(g.window.dataLayer).toEqual([{ event: 'chat_platform_click', platform: 'whatsapp', source: 'contact' }]);
  });
});
