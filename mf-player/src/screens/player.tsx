/**
 * One player screen for the six player route forms of product.md#screens and the legacy `series-{id}/EP1` form: the
 * route is reduced to a target, the target to a series and an episode, and moving between episodes
 * changes the address to the canonical `/player/{seriesId}/episode/{episodeId}` form.
 */
import { ErrorNotice, InlineSpinner, Page, paths } from '@cliffhanger/shared';
import { warmPlaybackEngine } from '@cliffhanger/shared/hls';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { resolvePlayerTarget } from '../features/playback/route-target';
import { usePlayerLayout } from '../features/playback/use-layout';
import {
  type PlayerEpisode,
  usePlayerEpisodeQuery,
  usePlayerSeriesBySlugQuery,
  usePlayerSeriesEpisodesQuery,
  usePlayerSeriesQuery,
} from '../lib/player.api';
import { usePlayerT } from '../messages';
import { PlayerView } from './player-view';

const isNumeric = (value: string) => /^\d+$/.test(value);

function NotFound({ message }: { message: string }) {
  const { t } = usePlayerT();
  return (
    <Page title={t('screen.unavailableTitle')}>
      <ErrorNotice message={message} />
      <p>
        <Link to={paths.home()} className="ch-button">
          {t('screen.browse')}
        </Link>
      </p>
    </Page>
  );
}

export default function PlayerScreen() {
  const target = resolvePlayerTarget(useParams());
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const layout = usePlayerLayout();
  const { t } = usePlayerT();
  const startAt = search.get('t') !== null ? Number(search.get('t')) : null;

  const byEpisodeId = target?.kind === 'episode' ? target.episodeId : null;
  const seriesKey = !target ? null : target.kind === 'series-episode' ? target.series : (target.seriesId ?? null);
  const slug = seriesKey && !isNumeric(seriesKey) ? seriesKey : null;

  const episodeQuery = usePlayerEpisodeQuery(byEpisodeId && !seriesKey ? byEpisodeId : skipToken);
  const slugQuery = usePlayerSeriesBySlugQuery(slug ?? skipToken);
  const seriesId =
    (seriesKey && isNumeric(seriesKey) ? seriesKey : null) ??
    (slugQuery.data ? String(slugQuery.data.id) : null) ??
    (episodeQuery.data ? String(episodeQuery.data.series) : null);
  const listQuery = usePlayerSeriesEpisodesQuery(seriesId ?? skipToken);
  const seriesQuery = usePlayerSeriesQuery(seriesId ?? skipToken);

  // Where hls.js is needed, its chunk loads while the API answers rather than after.
  useEffect(warmPlaybackEngine, []);

  const select = useCallback(
    (episode: PlayerEpisode) => navigate(paths.episode(episode.series, episode.id)),
    [navigate],
  );

  if (!target) return <NotFound message={t('screen.badLink')} />;
  const episodes = listQuery.data ?? [];
  const episode =
    target.kind === 'episode'
      ? (episodes.find((e) => String(e.id) === target.episodeId) ?? episodeQuery.data)
      : episodes.find((e) => e.episode_number === target.episodeNumber);

  const failed = [episodeQuery, slugQuery, listQuery].find((q) => q.isError);
  if (failed) {
    const status = (failed.error as { status?: number } | undefined)?.status;
    if (status === 404 || status === 400) return <NotFound message={t('screen.notFound')} />;
    return (
      <Page title={t('screen.title')}>
        <ErrorNotice message={t('screen.loadFailed')} onRetry={() => failed.refetch()} />
      </Page>
    );
  }
  if (!episode || (seriesId && listQuery.isLoading)) {
    if (listQuery.isSuccess || (target.kind === 'episode' && episodeQuery.isSuccess && !seriesId))
      return <NotFound message={t('screen.notFound')} />;
    return <InlineSpinner label={t('screen.loading')} />;
  }
  return (
    // Not keyed by the layout: crossing the breakpoint keeps the same <video>, its position and buffer.
    <PlayerView
      series={seriesQuery.data}
      episodes={episodes.length ? episodes : [episode]}
      episode={episode}
      layout={layout}
      startAt={startAt}
      onSelect={select}
    />
  );
}
