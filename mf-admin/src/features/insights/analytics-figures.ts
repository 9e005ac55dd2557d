/**
 * The analytics figures as the screens and the charts show them: day and episode labels, the funnel
 * steps worth drawing and the conversion shares. Plain functions, shared by insights-screens.tsx and
 * the charts' own chunk (analytics-charts.tsx).
 */
import { currentLanguage, formatDate } from '@cliffhanger/shared';
import type { FunnelEpisode, FunnelSteps } from '../../lib/api/admin.types';
import { type InsightsKey, insightsT } from './messages';

/** A "YYYY-MM-DD" day of the API (a UTC day), as a date in the page's language. */
export const dayName = (day: string) => formatDate(`${day}T12:00:00Z`, 'short');

export const FUNNEL_STEPS = [
  ['starts', 'funnel.starts', '#2196f3'],
  ['completions', 'funnel.completions', '#4caf50'],
  ['paywall_hits', 'funnel.paywallHits', '#ff9800'],
  ['unlocks', 'funnel.unlocks', '#e91e63'],
] as const satisfies ReadonlyArray<readonly [keyof FunnelEpisode, InsightsKey, string]>;

/**
 * The funnel steps to draw: a step with nothing in any episode is left out of the chart (and named
 * below it), so each episode's bars sit centred on its label instead of beside empty slots.
 */
export function funnelSteps(episodes: FunnelEpisode[]) {
  const drawn = FUNNEL_STEPS.filter(([key]) => episodes.some((episode) => episode[key] > 0));
  const empty = FUNNEL_STEPS.filter((step) => !drawn.includes(step)).map(([, label]) => insightsT(label));
  return { drawn, empty };
}

/** A share as a whole percentage in the page's language ("50%", "50 %"). */
export const percent = (rate: number | null) =>
  rate === null
    ? '—'
    : new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 0 }).format(rate);

/** The series funnel from first play to purchase, each step with its share of the first. */
export function conversionSteps(steps: FunnelSteps): Array<{ label: string; value: number; share: number | null }> {
  const rows: Array<[InsightsKey, number]> = [
    ['conversion.started', steps.starters],
    ['conversion.paywall', steps.paywall_viewers],
    ['conversion.unlocked', steps.unlockers],
    ['conversion.coins', steps.coin_buyers],
    ['conversion.gold', steps.gold_buyers],
  ];
  return rows.map(([label, value]) => ({
    label: insightsT(label),
    value,
    share: steps.starters === 0 ? null : value / steps.starters,
  }));
}

/** A label for an episode: "EP3", or "S2E3" when the series has more than one season. */
export function episodeLabel(episodes: FunnelEpisode[]) {
  const seasons = new Set(episodes.map((e) => e.season_number)).size;
  return (e: FunnelEpisode) =>
    insightsT(seasons > 1 ? 'episode.seasonShort' : 'episode.short', {
      season: e.season_number,
      episode: e.episode_number,
    });
}
