import { describe, expect, it, vi } from 'vitest';
import { DRAFT_STORAGE_KEY, createDraft, loadWizardState, saveWizardState } from './client-storage';

function memoryStore(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const promo = { status: 'valid', code: 'WELCOME10', description: '10% off', discountType: 'percentage', discountValue: 10 } as const;

describe('the wizard draft kept in the tab', () => {
  it('comes back after a reload with every choice and the promo it was checked for', async () => {
    const store = memoryStore();
    const draft = { ...createDraft(), step: 6, unitTypeCode: 'm', term: '3m' as const, insuranceMonthly: 0, promoCode: 'WELCOME10' };
    saveWizardState({ draft, promo }, store);
    expect(await loadWizardState(store)).toEqual({ draft, promo });
  });

  it('drops a promo kept for another code than the draft carries', async () => {
    const store = memoryStore();
    saveWizardState({ draft: { ...createDraft(), promoCode: 'OTHER' }, promo }, store);
    expect((await loadWizardState(store))?.promo).toBeNull();
  });

  it('starts afresh from nothing, from broken JSON or from a draft someone edited out of shape', async () => {
    expect(await loadWizardState(memoryStore())).toBeNull();
    expect(await loadWizardState(null)).toBeNull();
    expect(await loadWizardState(memoryStore({ [DRAFT_STORAGE_KEY]: '{not json' }))).toBeNull();
    const edited = { draft: { ...createDraft(), step: 40 }, promo: null };
    expect(await loadWizardState(memoryStore({ [DRAFT_STORAGE_KEY]: JSON.stringify(edited) }))).toBeNull();
  });

  it('says so when its check cannot be loaded, and leaves the stored draft for the next reload', async () => {
    vi.resetModules();
    vi.doMock('./stored-wizard-state', () => {
      throw new Error('the connection dropped');
    });
    try {
      const storage = await import('./client-storage');
      const store = memoryStore();
      storage.saveWizardState({ draft: { ...storage.createDraft(), step: 5 }, promo: null }, store);
      const kept = store.getItem(storage.DRAFT_STORAGE_KEY);
      await expect(storage.loadWizardState(store)).rejects.toThrow();
      expect(store.getItem(storage.DRAFT_STORAGE_KEY)).toBe(kept);
    } finally {
      vi.doUnmock('./stored-wizard-state');
      vi.resetModules();
    }
  });
});
