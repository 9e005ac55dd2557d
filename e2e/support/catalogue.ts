/** The demo catalogue as the journeys read it from the API: coin series, their episodes, a locked episode. */
import { baseUrl } from './browser';

export interface JourneyEpisode {
  id: number;
  season: number;
  episode_number: number;
  is_free: boolean;
  is_unlocked: boolean;
  coin_cost: number;
}

export interface JourneySeries {
  id: number;
  title: string;
  is_gold_exclusive: boolean;
  episodes_count: number;
}

const authorised = (access?: string): Record<string, string> => (access ? { Authorization: `Bearer ${access}` } : {});

/** The published series the catalogue lists (its first 100), as anybody sees them. */
export async function listedSeries(): Promise<JourneySeries[]> {
  const answer = (await (await fetch(`${baseUrl()}/api/series/?limit=100`)).json()) as
    | JourneySeries[]
    | { results: JourneySeries[] };
  return Array.isArray(answer) ? answer : answer.results;
}

/** Published series sold with coins (not Gold-exclusive) that have at least `minEpisodes` episodes. */
export async function coinSeries(minEpisodes: number): Promise<JourneySeries[]> {
  return (await listedSeries()).filter((s) => !s.is_gold_exclusive && s.episodes_count >= minEpisodes);
}

/**
 * The demo's "Midnight Vows" (its first episode is free), or else the first coin series with at least
 * `minEpisodes` episodes: other journeys publish short series of their own on the same server.
 */
export async function demoSeries(minEpisodes = 0): Promise<JourneySeries | undefined> {
  const all = await listedSeries();
  return (
    all.find((s) => s.title === 'Midnight Vows') ??
    all.find((s) => !s.is_gold_exclusive && s.episodes_count >= minEpisodes)
  );
}

/** Episodes in the order a viewer plays them: by season, then by number. */
export const inViewingOrder = <T extends { season: number; episode_number: number }>(episodes: T[]): T[] =>
  [...episodes].sort((a, b) => a.season - b.season || a.episode_number - b.episode_number);

/** A series' episodes as `access` sees them (unlocked flags are the caller's own). */
export async function episodesOf(seriesId: number, access?: string): Promise<JourneyEpisode[]> {
  const response = await fetch(`${baseUrl()}/api/series/${seriesId}/episodes/`, { headers: authorised(access) });
  return (await response.json()) as JourneyEpisode[];
}

/** A paid, locked episode of a coin series, as `access` sees it. */
export async function lockedEpisode(access?: string): Promise<{ seriesId: number; episode: JourneyEpisode }> {
  for (const series of await coinSeries(4)) {
    const episode = (await episodesOf(series.id, access)).find((e) => !e.is_free && !e.is_unlocked && e.coin_cost > 0);
    if (episode) return { seriesId: series.id, episode };
  }
  throw new Error('no locked coin episode in the catalogue');
}
