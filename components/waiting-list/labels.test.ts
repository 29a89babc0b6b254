import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { waitingListLabels } from './labels';

describe('waitingListLabels', () => {
  it('covers every waitingList message in each language and fills in the unit', () => {
    for (const messages of [en, th, ru]) {
      const ns = messages.waitingList as Record<string, string>;
      const labels = waitingListLabels((key, { unit }) => ns[key].replace('{unit}', unit), 'XXL Unit');
      expect(Object.keys(labels).sort()).toEqual(Object.keys(ns).sort());
      expect(labels.title).toContain('XXL Unit');
      expect(Object.values(labels).every((v) => v && !v.includes('{'))).toBe(true);
    }
  });
});
