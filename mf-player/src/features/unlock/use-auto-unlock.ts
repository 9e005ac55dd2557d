/**
 * At the paywall of the next locked episode: when the viewer's auto-unlock for the series is on and
 * both the limit and the balance cover the price, asks for an automatic unlock once; otherwise answers
 * the line that says why it stopped (null when auto-unlock is off or has nothing to say).
 */
import { selectCoinBalance, useAppDispatch, useSharedSelector } from '@cliffhanger/shared';
import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { selectAutoUnlockStop, selectUnlock, unlockRequested } from '../../lib/playback.slice';
import { usePlayerAutoUnlockQuery } from './auto-unlock.api';
import { autoUnlockDecision, autoUnlockStopMessage } from './auto-unlock-rules';

export function useAutoUnlock(
  episode: { id: number; series: number; coin_cost: number },
  options: { eligible: boolean; returnTo: string },
): { unlocking: boolean; reason: string | null } {
  const dispatch = useAppDispatch();
  const balance = useSharedSelector(selectCoinBalance);
  const { data: setting } = usePlayerAutoUnlockQuery(episode.series, { skip: !options.eligible });
  const stop = useSelector(selectAutoUnlockStop);
  const unlock = useSelector(selectUnlock);
  const stopped = stop?.episodeId === episode.id ? stop.message : null;
  const decision = options.eligible ? autoUnlockDecision(setting, episode.coin_cost, balance) : 'off';
  const go = decision === 'unlock' && !stopped;
  /** The episode an automatic unlock was asked for from this paywall: each is asked once. */
  const asked = useRef<number | null>(null);

  useEffect(() => {
    if (!go || asked.current === episode.id) return;
    asked.current = episode.id;
    dispatch(
      unlockRequested({
        episodeId: episode.id,
        seriesId: episode.series,
        coinCost: episode.coin_cost,
        returnTo: options.returnTo,
        automatic: true,
      }),
    );
  }, [dispatch, go, episode.id, episode.series, episode.coin_cost, options.returnTo]);

  const unlocking = unlock.status === 'unlocking' && unlock.episodeId === episode.id && unlock.automatic === true;
  return {
    unlocking,
    reason: stopped ?? (go ? null : autoUnlockStopMessage(decision, setting, episode.coin_cost, balance)),
  };
}
