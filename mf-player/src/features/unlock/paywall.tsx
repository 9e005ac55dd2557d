/**
 * The paywall over a locked episode: its coin cost, the viewer's balance, "Unlock for N coins", "Get
 * Gold" and "Buy coins". A Gold-exclusive series offers Gold only.
 */
import {
  Button,
  CoinIcon,
  paths,
  selectCoinBalance,
  selectIsGold,
  useAppDispatch,
  useSharedSelector,
} from '@cliffhanger/shared';
import { useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router-dom';
import { selectUnlock, unlockRequested } from '../playback/playback.slice';
import { coinStorePath } from './unlock.saga';

export interface PaywallEpisode {
  id: number;
  series: number;
  episode_number: number;
  coin_cost: number;
}

export function Paywall({ episode, goldExclusive }: { episode: PaywallEpisode; goldExclusive: boolean }) {
  const dispatch = useAppDispatch();
  const balance = useSharedSelector(selectCoinBalance);
  const isGold = useSharedSelector(selectIsGold);
  const unlock = useSelector(selectUnlock);
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const busy = unlock.status === 'unlocking' && unlock.episodeId === episode.id;
  const error = unlock.status === 'failed' && unlock.episodeId === episode.id ? unlock.error : null;
  const cost = episode.coin_cost;
  const coins = (n: number) => `${n} ${n === 1 ? 'coin' : 'coins'}`;

  return (
    <section className="paywall" role="dialog" aria-modal="false" aria-labelledby="paywall-title">
      <h2 id="paywall-title" className="paywall-title">
        {goldExclusive ? 'This series is for Gold members' : `Episode ${episode.episode_number} is locked`}
      </h2>
      {goldExclusive ? (
        <p className="paywall-text">
          {isGold
            ? 'Your Gold membership is being confirmed. Please reload in a moment.'
            : 'Join Gold to watch every episode of every series, with no coins needed.'}
        </p>
      ) : (
        <>
          <p className="paywall-cost">
            <CoinIcon size={22} /> Unlock for <strong>{coins(cost)}</strong>
          </p>
          <p className="paywall-text ch-muted" data-testid="paywall-balance">
            Your balance: {coins(balance)}
          </p>
        </>
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
            onClick={() =>
              dispatch(unlockRequested({ episodeId: episode.id, seriesId: episode.series, coinCost: cost, returnTo }))
            }
          >
            {busy ? 'Unlocking…' : `Unlock for ${coins(cost)}`}
          </Button>
        )}
        <Link to={paths.goldSubscription()} className="ch-button ch-button--gold">
          Get Gold
        </Link>
        {!goldExclusive && (
          <Link to={coinStorePath(returnTo)} className="ch-button ch-button--secondary">
            Buy coins
          </Link>
        )}
      </div>
    </section>
  );
}
