/**
 * The paywall over a locked episode: its coin cost, the viewer's balance, "Unlock for N coins", "Get
 * Gold" and "More ways to unlock". A viewer short of coins gets the wallet's unlock sheet (coin packs,
 * the saved card, the series total, Gold) on this very page; the coin store remains the way when the
 * wallet cannot be loaded. A Gold-exclusive series offers Gold only.
 *
 * At the next locked episode of a series with auto-unlock on, the paywall unlocks it by itself when the
 * limit and the balance allow (saying so while it does); when either stops it, it says why, above the
 * usual ways to unlock. The auto-unlock control sits at its foot.
 */
import {
  ANALYTICS_EVENTS,
  Button,
  CoinIcon,
  navigationRequested,
  paths,
  selectCoinBalance,
  selectIsGold,
  track,
  type UnlockSheetEpisode,
  unlockSheetRequested,
  useAppDispatch,
  useSharedSelector,
} from '@cliffhanger/shared';
import { useEffect, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router-dom';
import { paywallLeft, selectUnlock, unlockRequested } from '../../lib/playback.slice';
import { usePlayerT } from '../../messages';
import { AutoUnlockControl } from './auto-unlock-control';
import { coinStorePath } from './unlock.saga';
import { useAutoUnlock } from './use-auto-unlock';
import { WalletUnlockSheet, walletSheetReady } from './wallet-sheet';

export interface PaywallEpisode {
  id: number;
  series: number;
  episode_number: number;
  coin_cost: number;
}

export function Paywall({
  episode,
  goldExclusive,
  autoUnlock,
}: {
  episode: PaywallEpisode;
  goldExclusive: boolean;
  /**
   * Auto-unlock's part: whether this is the next locked episode (the one it may unlock by itself), and
   * the price its control plans with. Absent: no auto-unlock here.
   */
  autoUnlock?: { next: boolean; price: number };
}) {
  const dispatch = useAppDispatch();
  const { t } = usePlayerT();
  const balance = useSharedSelector(selectCoinBalance);
  const isGold = useSharedSelector(selectIsGold);
  const unlock = useSelector(selectUnlock);
  const location = useLocation();
  // The episode's own address: paying or cancelling on the payment page comes back here.
  const returnTo = location.pathname;
  const sheetEpisode: UnlockSheetEpisode = useMemo(
    () => ({
      episodeId: episode.id,
      seriesId: episode.series,
      episodeNumber: episode.episode_number,
      coinCost: episode.coin_cost,
      returnTo,
    }),
    [episode.id, episode.series, episode.episode_number, episode.coin_cost, returnTo],
  );
  useEffect(() => {
    dispatch(
      track(ANALYTICS_EVENTS.paywallShown, {
        episode_id: episode.id,
        series_id: episode.series,
        price: goldExclusive ? null : episode.coin_cost,
      }),
    );
  }, [dispatch, episode.id, episode.series, episode.coin_cost, goldExclusive]);
  useEffect(() => () => void dispatch(paywallLeft({ episodeId: episode.id })), [dispatch, episode.id]);
  const moreWays = () =>
    walletSheetReady()
      ? dispatch(unlockSheetRequested(sheetEpisode))
      : dispatch(navigationRequested({ to: coinStorePath(returnTo) }));
  const busy = unlock.status === 'unlocking' && unlock.episodeId === episode.id;
  const error = unlock.status === 'failed' && unlock.episodeId === episode.id ? unlock.error : null;
  const cost = episode.coin_cost;
  const automatic = useAutoUnlock(episode, { eligible: !goldExclusive && !!autoUnlock?.next, returnTo });

  return (
    <section className="paywall" role="dialog" aria-modal="false" aria-labelledby="paywall-title">
      <h2 id="paywall-title" className="paywall-title">
        {goldExclusive ? t('paywall.goldTitle') : t('paywall.lockedTitle', { number: episode.episode_number })}
      </h2>
      {goldExclusive ? (
        <p className="paywall-text">{isGold ? t('paywall.goldConfirming') : t('paywall.joinGold')}</p>
      ) : (
        <>
          <p className="paywall-cost">
            <CoinIcon size={22} /> {t('paywall.unlockFor')} <strong>{t('coinsFor', { count: cost })}</strong>
          </p>
          <p className="paywall-text ch-muted" data-testid="paywall-balance">
            {t('paywall.balance', { coins: t('coins', { count: balance }) })}
          </p>
        </>
      )}
      {automatic.unlocking && (
        <p className="paywall-auto" role="status">
          {t('paywall.unlockingAutomatically')}
        </p>
      )}
      {automatic.reason && (
        <p className="paywall-auto paywall-auto--stopped" role="status">
          {automatic.reason}
        </p>
      )}
      {error && (
        <p className="ch-error-text" role="alert">
          {error}
        </p>
      )}
      <div className="paywall-actions">
        {!goldExclusive && (
          <Button
            disabled={busy}
            aria-busy={busy}
            onClick={() => {
              if (balance < cost && walletSheetReady()) {
                // Short of coins: the sheet with the packs, right here (the saga does the same when the
                // server reports the balance was short after all).
                dispatch(
                  track(ANALYTICS_EVENTS.episodeUnlockRequested, {
                    episode_id: episode.id,
                    series_id: episode.series,
                    coin_cost: cost,
                    balance,
                  }),
                );
                dispatch(unlockSheetRequested(sheetEpisode));
                return;
              }
              dispatch(unlockRequested({ episodeId: episode.id, seriesId: episode.series, coinCost: cost, returnTo }));
            }}
          >
            {busy ? t('paywall.unlocking') : t('paywall.unlockButton', { coins: t('coinsFor', { count: cost }) })}
          </Button>
        )}
        <Link to={paths.goldSubscription()} className="ch-button ch-button--gold">
          {t('paywall.getGold')}
        </Link>
        {!goldExclusive && (
          <Button variant="secondary" onClick={moreWays}>
            {balance < cost ? t('paywall.buyCoins') : t('paywall.moreWays')}
          </Button>
        )}
      </div>
      {!goldExclusive && autoUnlock && (
        <AutoUnlockControl seriesId={episode.series} price={autoUnlock.price} variant="compact" />
      )}
      {!goldExclusive && <WalletUnlockSheet episode={sheetEpisode} />}
    </section>
  );
}
