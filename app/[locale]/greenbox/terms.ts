/** GreenBox fees per box in satang (docs/product-rules.md#greenbox: damaged 300, cleaning 200, lost 800 THB). */
export const GREENBOX_FEES = {
  damaged: 30_000,
  cleaning: 20_000,
  lost: 80_000,
} as const;
