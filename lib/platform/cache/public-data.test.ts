import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedPublicData, markPublicDataChanged, publicDataChangedAt } from './public-data';

// The clock is Date only, moved by hand: a change "after" a read is a later millisecond, not a sleep.
// Each test starts an hour after the last one's clock (the tag times it left are module state).
let clock = Date.now();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime((clock += 3_600_000));
});
afterEach(() => vi.useRealTimers());
const later = (ms: number) => vi.setSystemTime((clock += ms));

describe('public data copies honour the kinds a writer names', () => {
  it("a legal change drops the wizard's agreement and keeps the wizard's catalogue; a price change the reverse", async () => {
    const reads = { agreement: 0, wizard: 0 };
    const agreement = () => cachedPublicData('agreement:th', async () => ++reads.agreement, () => 0);
    const wizard = () => cachedPublicData('wizard:th', async () => ++reads.wizard, () => 0);
    await Promise.all([agreement(), wizard()]);
    later(2);
    markPublicDataChanged(['legal']);
    expect([await agreement(), await wizard()]).toEqual([2, 1]);
    later(2);
    markPublicDataChanged(['catalogue']);
    expect([await agreement(), await wizard()]).toEqual([2, 2]);
  });

  it('a settings change drops the settings copy and keeps the unit listing; an availability change drops the listing', async () => {
    const reads = { units: 0, settings: 0 };
    const units = () => cachedPublicData('units:en', async () => ++reads.units, () => 0);
    const settings = () => cachedPublicData('settings:contact', async () => ++reads.settings, () => 0);
    await Promise.all([units(), settings()]);
    await Promise.all([units(), settings()]);
    expect(reads).toEqual({ units: 1, settings: 1 });

    const pagesBefore = publicDataChangedAt();
    later(2);
    markPublicDataChanged(['settings']);
    expect(await units()).toBe(1);
    expect(await settings()).toBe(2);
    // Rendered pages show several kinds: any change refreshes them.
    expect(publicDataChangedAt()).toBeGreaterThan(pagesBefore);

    later(2);
    markPublicDataChanged(['availability']);
    expect(await units()).toBe(2);
    expect(await settings()).toBe(2);
  });

  it('a change with no kind named refreshes everything', async () => {
    let n = 0;
    const reviews = () => cachedPublicData('reviews:landing', async () => ++n, () => 0);
    await reviews();
    later(2);
    markPublicDataChanged([]);
    expect(await reviews()).toBe(2);
  });
});
