/**
 * The six player route forms of product.md#screens (and the legacy redirect's `series-{id}/EP1`) reduced to one target:
 * either an episode id, or a series (id or slug) and an episode number.
 */
export type PlayerTarget =
  | { kind: 'episode'; episodeId: string; seriesId?: string }
  | { kind: 'series-episode'; series: string; episodeNumber: number };

export function resolvePlayerTarget(params: Record<string, string | undefined>): PlayerTarget | null {
  if (params.episodeId && params.seriesId)
    return { kind: 'episode', episodeId: params.episodeId, seriesId: params.seriesId };
  if (params.episodeId) return { kind: 'episode', episodeId: params.episodeId };
  if (params.id) return { kind: 'episode', episodeId: params.id };
  if (params.seriesSlug && params.episodeNumber) {
    const number = Number.parseInt(params.episodeNumber.replace(/^EP/i, ''), 10);
    if (!Number.isFinite(number) || number < 1) return null;
    const series = params.seriesSlug.replace(/^series-/, '');
    return { kind: 'series-episode', series, episodeNumber: number };
  }
  return null;
}
