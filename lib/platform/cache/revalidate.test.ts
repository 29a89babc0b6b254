import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedPublicData, publicDataChangedAt } from './public-data';
import { PAGE_REFRESH_MS, revalidatePublicData } from './revalidate';

afterEach(() => {
  vi.useRealTimers();
});

describe('a burst of changes (docs/product-rules.md#caching)', () => {
  it('fifty bookings at once drop the data copies each time, but revalidate the pages once at once and once at the end of the window', async () => {
    vi.useFakeTimers();
    // How many times the pages were revalidated: each time moves the public pages' tag time.
    let revalidations = 0;
    let seen = publicDataChangedAt();
    const count = () => {
      if (publicDataChangedAt() !== seen) {
        seen = publicDataChangedAt();
        revalidations++;
      }
      return revalidations;
    };
    let reads = 0;
    const units = () => cachedPublicData('units:en', async () => ++reads, () => 0);

    await units();
    const pagesBefore = publicDataChangedAt();
    vi.advanceTimersByTime(5);
    revalidatePublicData('availability');
    // The first change: everything at once.
    expect(count()).toBe(1);
    expect(publicDataChangedAt()).toBeGreaterThan(pagesBefore);
    expect(await units()).toBe(2);

    for (let i = 0; i < 49; i++) {
      vi.advanceTimersByTime(1);
      revalidatePublicData('availability');
      // Every change still drops the copies it names at once: a booking never reads an availability copy from before it.
      expect(await units()).toBe(3 + i);
    }
    expect(count()).toBe(1);
    const pagesMid = publicDataChangedAt();
    vi.advanceTimersByTime(PAGE_REFRESH_MS);
    // The ones that followed, together: pages rendered meanwhile are not kept.
    expect(count()).toBe(2);
    expect(publicDataChangedAt()).toBeGreaterThan(pagesMid);
    vi.advanceTimersByTime(PAGE_REFRESH_MS);
    expect(count()).toBe(2);

    // Once more after the commits had time to happen, then nothing more.
    vi.advanceTimersByTime(1_500);
    expect(count()).toBe(3);
    vi.advanceTimersByTime(10_000);
    expect(count()).toBe(3);

    // A change after a quiet moment refreshes at once again.
    revalidatePublicData('availability');
    expect(count()).toBe(4);
  });
});
