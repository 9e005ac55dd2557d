/** The search history rules (product.md#search): newest first, at most 10, no blanks (after trimming), no duplicates. */
import { SEARCH_HISTORY_MAX, type SearchHistory } from '@cliffhanger/shared';

export function addToHistory(history: SearchHistory, entry: string): SearchHistory {
  const term = entry.trim();
  if (!term) return history;
  const rest = history.filter((item) => item.trim().toLowerCase() !== term.toLowerCase());
  return [term, ...rest].slice(0, SEARCH_HISTORY_MAX);
}

/** A stored history cleaned of anything the rules would not have let in. */
export function normaliseHistory(stored: SearchHistory | null): SearchHistory {
  return (stored ?? []).reduceRight<SearchHistory>((history, item) => addToHistory(history, item), []);
}
