/**
 * Series detail (product.md#screens): banner, facts, description, seasons, the episode grid with each episode's access
 * and progress, my list, and play / resume. Hidden or unknown series read "Series not found" (product.md#catalogue).
 *
 * The series always comes from the API first. A sample series (product.md#catalogue) is shown instead when the API is
 * unreachable, or when it does not know a sample id the home screen fell back to; a note says so.
 */
import {
  ADMIN_SYNC_INTERVAL_MS,
  type Episode,
  ErrorNotice,
  Icon,
  InlineSpinner,
  isEpisodeWatched,
  type Language,
  localizedCategoryName,
  localizedDescription,
  localizedTitle,
  MediaImage,
  Page,
  paths,
  SERIES_RATING_MAX,
  type Series,
  type SeriesTotals,
} from '@cliffhanger/shared';
import { Fragment, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import { selectSeriesGrid } from '../features/browse/series-grid.slice';
import { EpisodeTile } from '../features/catalogue/episode-tile';
import { isHiddenSeries } from '../features/catalogue/hidden-series';
import { MoreLikeThis } from '../features/more-like-this/more-like-this';
import { MyListButton } from '../features/my-list/my-list-button';
import { ShareSeriesButton } from '../features/share/share-series-button';
import { useCatalogSeriesDetailQuery, useCatalogSeriesEpisodesQuery } from '../lib/catalogue.api';
import { clampProgress } from '../lib/progress';
import { fallbackSampleSeries, findSampleSeries } from '../lib/sample-catalogue';
import { CATALOG_ENGLISH, catalogT, useCatalogT } from '../messages';

/**
 * The honest line under a series' title, from the API's totals: "8 episodes · 12 min · 3 free · the
 * rest for 60 coins or with Gold". A Gold exclusive's paid episodes open only with Gold. Worded in the
 * page's language at call time.
 */
export function totalsLine(totals: SeriesTotals, goldExclusive: boolean): string {
  const t = catalogT;
  const minutes = totals.duration_seconds > 0 ? Math.max(1, Math.round(totals.duration_seconds / 60)) : 0;
  const parts = [t('totals.episodes', { count: totals.episodes })];
  if (minutes > 0) parts.push(t('totals.minutes', { count: minutes }));
  if (totals.episodes === 0) return parts.join(' · ');
  if (totals.paid_episodes === 0)
    return [...parts, totals.episodes === 1 ? t('totals.free') : t('totals.allFree')].join(' · ');
  const price = goldExclusive ? t('totals.withGold') : t('totals.forCoins', { count: totals.paid_coin_cost });
  if (totals.free_episodes === 0)
    return [...parts, goldExclusive ? t('totals.allWithGold') : t('totals.all', { price })].join(' · ');
  return [...parts, t('totals.freeCount', { count: totals.free_episodes }), t('totals.rest', { price })].join(' · ');
}

/** A rating with one decimal in the page's language: 4.5 → "4.5" / "4,5". */
const ratingText = (rating: number, language: Language) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);

/** A season's own name, or null for the default "Season N" (which is then said in the page's language). */
function ownSeasonName(title: string | undefined): string | null {
  const own = title?.trim();
  return own && !/^Season \d+$/.test(own) ? own : null;
}

/**
 * What the series page offers (episodes in play order, as the API lists them): the furthest episode
 * started, to resume while it is not watched; once it is (the viewer reached its credits,
 * shared/src/watched.ts) the episode after it, from its start — so "Resume" never opens inside the
 * credits. After the last episode, one still unwatched; otherwise the first.
 */
export function playTarget(episodes: Episode[]): { episode: Episode; resume: boolean } | null {
  const started = (e: Episode) => clampProgress(e.progress) > 0;
  const furthest = episodes.map(started).lastIndexOf(true);
  const at = episodes[furthest];
  if (at && !isEpisodeWatched(at)) return { episode: at, resume: true };
  const next = episodes[furthest + 1];
  if (at && next) return { episode: next, resume: false };
  const unfinished = episodes.filter((e) => started(e) && !isEpisodeWatched(e)).pop();
  if (unfinished) return { episode: unfinished, resume: true };
  const first = [...episodes].sort((a, b) => a.episode_number - b.episode_number)[0];
  return first ? { episode: first, resume: false } : null;
}

/** The note on a sample series, in English (the catalogue holds it in every language). */
export const SAMPLE_SERIES_NOTE = CATALOG_ENGLISH['detail.sampleNote'];

function SeriesDetailView({
  series,
  episodes,
  episodesFailed,
  onRetryEpisodes,
  sample = false,
}: {
  series: Series;
  episodes: Episode[] | undefined;
  episodesFailed: boolean;
  onRetryEpisodes?: () => void;
  /** A built-in sample series (product.md#catalogue): it carries a note and cannot be saved to my list. */
  sample?: boolean;
}) {
  const { t, language } = useCatalogT();
  const seasonNumbers = useMemo(() => {
    const fromSeries = series.seasons.map((s) => s.number);
    const fromEpisodes = (episodes ?? []).map((e) => e.season ?? e.season_number ?? 1);
    return [...new Set([...fromSeries, ...fromEpisodes])].sort((a, b) => a - b);
  }, [series.seasons, episodes]);
  const [season, setSeason] = useState<number | null>(null);
  const activeSeason = season ?? seasonNumbers[0] ?? 1;
  const shown = (episodes ?? []).filter((e) => seasonNumbers.length < 2 || (e.season ?? 1) === activeSeason);
  const target = playTarget(episodes ?? []);
  const seasonName = (title: string | undefined, number: number) =>
    ownSeasonName(title) ?? t('detail.season', { number });
  const facts = [
    series.year ? { key: 'year', content: String(series.year) } : null,
    series.rating != null
      ? {
          key: 'rating',
          content: (
            <span className="series-rating">
              <Icon name="star" size={14} />
              <span className="ch-visually-hidden">{t('detail.rated')} </span>
              {ratingText(series.rating, language)}
              <span className="ch-visually-hidden"> {t('detail.outOf', { max: SERIES_RATING_MAX })}</span>
            </span>
          ),
        }
      : null,
    !series.totals && series.episodes_count
      ? { key: 'episodes', content: t('totals.episodes', { count: series.episodes_count }) }
      : null,
  ].filter((fact) => fact !== null);

  return (
    <main className="series-detail">
      <div className="series-hero">
        <MediaImage
          src={series.banner_image ?? series.cover_image}
          kind="cover"
          className="series-banner"
          alt=""
          loading="eager"
        />
        <div className="series-hero-text">
          {series.is_gold_exclusive && <span className="series-card-gold hero-gold">{t('gold.exclusive')}</span>}
          <h1 className="series-title">{localizedTitle(series, language)}</h1>
          {facts.length > 0 && (
            <p className="ch-muted series-facts">
              {facts.map((fact, at) => (
                <Fragment key={fact.key}>
                  {at > 0 && ' · '}
                  {fact.content}
                </Fragment>
              ))}
            </p>
          )}
          {series.totals && (
            <p className="series-totals" data-testid="series-totals">
              {totalsLine(series.totals, series.is_gold_exclusive)}
            </p>
          )}
        </div>
      </div>
      <div className="series-body">
        {sample && (
          <p className="ch-muted" role="status">
            {t('detail.sampleNote')}
          </p>
        )}
        <div className="series-actions">
          {target && (
            <Link to={paths.episode(series.id, target.episode.id)} className="ch-button">
              <Icon name="play" />
              {t(target.resume ? 'detail.resume' : 'detail.play', { number: target.episode.episode_number })}
            </Link>
          )}
          {!sample && <MyListButton series={series} />}
          {!sample && <ShareSeriesButton series={series} />}
        </div>
        {series.categories.length > 0 && (
          <ul className="tag-list" aria-label={t('detail.categories')}>
            {series.categories.map((c) => (
              <li key={c.id} className="tag tag--category">
                {localizedCategoryName(c, language)}
              </li>
            ))}
          </ul>
        )}
        {series.tags.length > 0 && (
          <ul className="tag-list" aria-label={t('detail.tags')}>
            {series.tags.map((tag) => (
              <li key={tag} className="tag">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <p className="series-description">{localizedDescription(series, language)}</p>
        <div className="episodes-header">
          <h2>{t('detail.episodes')}</h2>
          {seasonNumbers.length > 1 && (
            <fieldset className="chips">
              <legend className="ch-visually-hidden">{t('detail.seasons')}</legend>
              {seasonNumbers.map((n) => (
                <button
                  key={n}
                  type="button"
                  className="chip"
                  aria-pressed={n === activeSeason}
                  onClick={() => setSeason(n)}
                >
                  {seasonName(series.seasons.find((s) => s.number === n)?.title, n)}
                </button>
              ))}
            </fieldset>
          )}
          {seasonNumbers.length === 1 && (
            <span className="ch-muted">
              {seasonName(series.seasons[0]?.title, series.seasons[0]?.number ?? seasonNumbers[0] ?? 1)}
            </span>
          )}
        </div>
        {episodesFailed && <ErrorNotice message={t('detail.episodesError')} onRetry={onRetryEpisodes} />}
        {!episodes && !episodesFailed && <InlineSpinner label={t('detail.loadingEpisodes')} />}
        {episodes && episodes.length === 0 && <p className="ch-muted">{t('detail.comingSoon')}</p>}
        <div className="episode-grid">
          {shown.map((episode) => (
            <EpisodeTile key={episode.id} episode={episode} seriesId={series.id} goldOnly={series.is_gold_exclusive} />
          ))}
        </div>
        {!sample && <MoreLikeThis seriesId={series.id} />}
      </div>
    </main>
  );
}

function SeriesNotFound() {
  const { t } = useCatalogT();
  return (
    <Page title={t('notFound.title')}>
      <p className="ch-muted">{t('notFound.body')}</p>
      <Link to={paths.home()} className="ch-button">
        {t('notFound.browse')}
      </Link>
    </Page>
  );
}

function SampleSeriesView({ sample }: { sample: { series: Series; episodes: Episode[] } }) {
  return <SeriesDetailView series={sample.series} episodes={sample.episodes} episodesFailed={false} sample />;
}

export default function SeriesDetailScreen() {
  const { seriesId = '' } = useParams();
  const numericId = Number(seriesId);
  const validId = Number.isInteger(numericId) && numericId > 0;
  const samplesShownOnHome = useSelector(selectSeriesGrid).usingSamples;
  // Staff changes reach an open series screen in any browser within the sync interval (product.md#sync).
  const sync = { pollingInterval: ADMIN_SYNC_INTERVAL_MS, skipPollingIfUnfocused: true };
  const series = useCatalogSeriesDetailQuery(seriesId, { skip: !validId, ...sync });
  const episodes = useCatalogSeriesEpisodesQuery(seriesId, { skip: !validId || !series.data, ...sync });
  const { t } = useCatalogT();

  if (!validId) return <SeriesNotFound />;
  // Only the first load shows the spinner: a refetch after a failure (the sync interval, Try again, a
  // catalogue change) keeps the failure's screen until it has an answer, which may take the transport's
  // retries, instead of flickering back to loading.
  if (series.isLoading && series.error === undefined) return <InlineSpinner label={t('detail.loading')} />;
  const status = (series.error as { status?: number } | undefined)?.status;
  if (status === 404 || status === 400) {
    // The API does not know sample ids: one the home screen fell back to is the sample, not a lost series.
    const sample = fallbackSampleSeries(numericId, samplesShownOnHome);
    return sample ? <SampleSeriesView sample={sample} /> : <SeriesNotFound />;
  }
  if (series.data && isHiddenSeries(series.data)) return <SeriesNotFound />;
  if (series.isError || !series.data) {
    const sample = findSampleSeries(numericId);
    if (sample) return <SampleSeriesView sample={sample} />;
    return (
      <Page title={t('detail.title')}>
        <ErrorNotice message={t('detail.loadError')} onRetry={series.refetch} />
      </Page>
    );
  }
  return (
    <SeriesDetailView
      series={series.data}
      episodes={episodes.data}
      episodesFailed={episodes.isError}
      onRetryEpisodes={episodes.refetch}
    />
  );
}
