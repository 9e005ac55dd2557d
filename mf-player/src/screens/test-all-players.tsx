/**
 * /test-all-players (product.md#screens): every player variant side by side — the mobile and desktop layouts of the
 * first free episode, the paywall of the first locked one — and a link for each player route form.
 */
import { baseApi, ErrorNotice, InlineSpinner, Page, type Paginated, type Series } from '@cliffhanger/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';
import { Paywall } from '../features/unlock/paywall';
import { isLocked } from '../lib/episode-access';
import { type PlayerEpisode, usePlayerSeriesEpisodesQuery } from '../lib/player.api';
import { type PlayerKey, usePlayerT } from '../messages';
import { PlayerView } from './player-view';

const seriesListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    playerTestSeries: build.query<Paginated<Series>, void>({
      query: () => ({ url: '/series/', params: { limit: 1 } }),
    }),
  }),
});

function forms(seriesId: number, slug: string, episode: PlayerEpisode): ReadonlyArray<readonly [string, PlayerKey]> {
  return [
    [`/player/${seriesId}/episode/${episode.id}`, 'test.form.seriesAndEpisode'],
    [`/player/${slug}/${episode.episode_number}`, 'test.form.slugAndNumber'],
    [`/desktop-player/${slug}/${episode.episode_number}`, 'test.form.desktopSlug'],
    [`/player/${episode.id}`, 'test.form.episodeId'],
    [`/watch/${episode.id}`, 'test.form.watch'],
    [`/desktop-player/${episode.id}`, 'test.form.desktopEpisode'],
    [`/series-legacy/${seriesId}`, 'test.form.legacy'],
  ];
}

export default function TestAllPlayersScreen() {
  const { t } = usePlayerT();
  const seriesList = seriesListApi.usePlayerTestSeriesQuery();
  const series = seriesList.data?.results[0];
  const episodes = usePlayerSeriesEpisodesQuery(series ? String(series.id) : skipToken);
  const list = episodes.data ?? [];
  const playable = list.find((e) => !isLocked(e) && e.hls_url);
  const locked = list.find((e) => isLocked(e));

  return (
    <Page title={t('test.title')}>
      {(seriesList.isLoading || episodes.isLoading) && <InlineSpinner label={t('test.loading')} />}
      {(seriesList.isError || episodes.isError) && <ErrorNotice message={t('screen.loadFailed')} />}
      {series && playable && (
        <>
          <h2>{t('test.routeForms')}</h2>
          <ul>
            {forms(series.id, series.slug, playable).map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{t(label)}</Link> <code className="ch-muted">{to}</code>
              </li>
            ))}
          </ul>
          <div className="test-players">
            <section className="test-player test-player--mobile" aria-label={t('test.mobile')}>
              <h2>{t('test.mobile')}</h2>
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
            <section className="test-player" aria-label={t('test.desktop')}>
              <h2>{t('test.desktop')}</h2>
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
              <section className="test-player test-player--paywall" aria-label={t('test.paywall')}>
                <h2>{t('test.locked')}</h2>
                <div className="player-stage">
                  <Paywall episode={locked} goldExclusive={false} />
                </div>
                <h2>{t('test.goldExclusive')}</h2>
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
