/** Episode progress is a percentage clamped between 0 and 100 (product.md#player); anything not a number is 0. */
export function clampProgress(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, n));
}
