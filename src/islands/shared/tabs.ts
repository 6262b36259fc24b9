/**
 * The keys of a WAI-ARIA tab list: the arrows move to the next or previous tab (the ends wrap round), Home and
 * End to the first and last. Shared by the UTME sitting's subject tabs and its result's review tabs.
 */
export function tabForKey(
  press: { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean },
  current: number,
  count: number,
): number | undefined {
  if (count === 0 || press.altKey || press.ctrlKey || press.metaKey) return undefined;
  if (press.key === 'ArrowRight') return (current + 1) % count;
  if (press.key === 'ArrowLeft') return (current - 1 + count) % count;
  if (press.key === 'Home') return 0;
  if (press.key === 'End') return count - 1;
  return undefined;
}
