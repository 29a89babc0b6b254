/**
 * What visitors can add in the space calculator, with a typical packed volume in m³ (furniture measured with its
 * legs and cushions, boxes as sold). Texts in messages `calculator.items.<id>`.
 */
export const CALCULATOR_CATEGORIES = ['boxes', 'living', 'bedroom', 'kitchen', 'leisure'] as const;
export type CalculatorCategory = (typeof CALCULATOR_CATEGORIES)[number];

/** What the estimate needs of an item. */
export interface CalculatorItem {
  id: string;
  volume: number;
  driveUpOnly?: boolean;
}

export const CALCULATOR_ITEMS = [
  { id: 'boxSmall', category: 'boxes', volume: 0.04 },
  { id: 'boxMedium', category: 'boxes', volume: 0.07 },
  { id: 'boxLarge', category: 'boxes', volume: 0.1 },
  { id: 'suitcase', category: 'boxes', volume: 0.12 },
  { id: 'sofa2', category: 'living', volume: 1.2 },
  { id: 'sofa3', category: 'living', volume: 1.8 },
  { id: 'armchair', category: 'living', volume: 0.7 },
  { id: 'coffeeTable', category: 'living', volume: 0.3 },
  { id: 'tv', category: 'living', volume: 0.2 },
  { id: 'tvUnit', category: 'living', volume: 0.4 },
  { id: 'bookcase', category: 'living', volume: 0.6 },
  { id: 'bedSingle', category: 'bedroom', volume: 1 },
  { id: 'bedDouble', category: 'bedroom', volume: 1.6 },
  { id: 'bedKing', category: 'bedroom', volume: 2.2 },
  { id: 'wardrobe', category: 'bedroom', volume: 1.5 },
  { id: 'dresser', category: 'bedroom', volume: 0.6 },
  { id: 'desk', category: 'bedroom', volume: 0.5 },
  { id: 'fridge', category: 'kitchen', volume: 0.8 },
  { id: 'washingMachine', category: 'kitchen', volume: 0.5 },
  { id: 'diningTable', category: 'kitchen', volume: 0.8 },
  { id: 'chair', category: 'kitchen', volume: 0.2 },
  { id: 'bicycle', category: 'leisure', volume: 0.6 },
  { id: 'surfboard', category: 'leisure', volume: 0.3 },
  { id: 'golfBag', category: 'leisure', volume: 0.2 },
  // Fuelled vehicles may only go in drive-up units (see recommend.ts).
  { id: 'motorbike', category: 'leisure', volume: 1.8, driveUpOnly: true },
] as const satisfies readonly { id: string; category: CalculatorCategory; volume: number; driveUpOnly?: boolean }[];

export type CalculatorItemId = (typeof CALCULATOR_ITEMS)[number]['id'];
