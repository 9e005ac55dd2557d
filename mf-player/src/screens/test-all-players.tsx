/**
 * /test-all-players (product.md#screens): every player variant side by side — the mobile and desktop layouts of the
 * first free episode, the paywall of the first locked one — and a link for each player route form.
 */
import { baseApi, ErrorNotice, InlineSpinner, Page, type Paginated, type Series } from '@cliffhanger/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';
import { type PlayerEpisode, usePlayerSeriesEpisodesQuery } from '../features/playback/player.api';
import { isLocked, PlayerView } from '../features/playback/player-view';
import { Paywall } from '../features/unlock/paywall';

const seriesListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    playerTestSeries: build.query<Paginated<Series>, void>({
      query: () => ({ url: '/series/', params: { limit: 1 } }),
    }),
  }),
});

function forms(seriesId: number, slug: string, episode: PlayerEpisode) {
  return [
    [`/player/${seriesId}/episode/${episode.id}`, 'Series and episode id'],
    [`/player/${slug}/${episode.episode_number}`, 'Series slug and episode number'],
    [`/desktop-player/${slug}/${episode.episode_number}`, 'Desktop, slug and number'],
    [`/player/${episode.id}`, 'Episode id'],
    [`/watch/${episode.id}`, 'Watch link'],
    [`/desktop-player/${episode.id}`, 'Desktop, episode id'],
    [`/series-legacy/${seriesId}`, 'Legacy series link (series-{id}/EP1)'],
  ] as const;
}

export default function TestAllPlayersScreen() {
  const seriesList = seriesListApi.usePlayerTestSeriesQuery();
  const series = seriesList.data?.results[0];
  const episodes = usePlayerSeriesEpisodesQuery(series ? String(series.id) : skipToken);
  const list = episodes.data ?? [];
  const playable = list.find((e) => !isLocked(e) && e.hls_url);
  const locked = list.find((e) => isLocked(e));

  return (
    <Page title="Every player form">
      {(seriesList.isLoading || episodes.isLoading) && <InlineSpinner label="Loading the sample episode…" />}
      {(seriesList.isError || episodes.isError) && <ErrorNotice message="Failed to fetch episodes" />}
      {series && playable && (
        <>
          <h2>Route forms</h2>
          <ul>
            {forms(series.id, series.slug, playable).map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link> <code className="ch-muted">{to}</code>
              </li>
            ))}
          </ul>
          <div className="test-players">
            <section className="test-player test-player--mobile" aria-label="Mobile layout">
              <h2>Mobile layout</h2>
              <PlayerView
                series={series}
                episodes={list}
                episode={playable}
                layout="mobile"
                onSelect={() => undefined}
                keyboard={false}
                preloadNext={false}
              />
            </section>
            <section className="test-player" aria-label="Desktop layout">
              <h2>Desktop layout</h2>
              <PlayerView
                series={series}
                episodes={list}
                episode={playable}
                layout="desktop"
                onSelect={() => undefined}
                keyboard={false}
                preloadNext={false}
              />
            </section>
            {locked && (
              <section className="test-player test-player--paywall" aria-label="Paywall">
                <h2>Locked episode</h2>
                <div className="player-stage">
                  <Paywall episode={locked} goldExclusive={false} />
                </div>
                <h2>Gold-exclusive series</h2>
                <div className="player-stage">
                  <Paywall episode={locked} goldExclusive />
                </div>
              </section>
            )}
          </div>
        </>
      )}
    </Page>
  );
}
