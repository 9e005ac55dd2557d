/** product.md#catalogue: series 9 and 10, and series titled "Deleted Series…", are hidden from every list and detail. */
import { HIDDEN_SERIES_IDS, HIDDEN_SERIES_TITLE_PREFIX, type Series } from '@cliffhanger/shared';

export function isHiddenSeries(series: Pick<Series, 'id' | 'title' | 'title_en'>): boolean {
  return (
    (HIDDEN_SERIES_IDS as readonly number[]).includes(series.id) ||
    !!series.title?.startsWith(HIDDEN_SERIES_TITLE_PREFIX) ||
    !!series.title_en?.startsWith(HIDDEN_SERIES_TITLE_PREFIX)
  );
}
