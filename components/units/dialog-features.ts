/** The More Info dialog lists at most this many features. */
export const MAX_DIALOG_FEATURES = 5;

/** Up to five of the unit type's features, or the three house defaults when it lists none. */
export function dialogFeatures(features: readonly string[], defaults: readonly string[]): string[] {
  const own = features.map((f) => f.trim()).filter(Boolean);
  return own.length ? own.slice(0, MAX_DIALOG_FEATURES) : [...defaults];
}
