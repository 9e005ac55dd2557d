/**
 * The daily bonus and share rewards. Every outcome is a toast (`toast/show`); credited coins reach the
 * header through `wallet/balanceChanged`; analytics go out as 9.2 (daily bonus) and 11.x (one event per
 * share channel).
 */
import {
  ANALYTICS_EVENTS,
  type ApiError,
  balanceChanged,
  errorMessage,
  PRODUCT_NAME,
  runMutation,
  SAGA_MUTATION,
  SHARE_CHANNELS,
  type ShareChannel,
  showToast,
  track,
} from '@cliffhanger/shared';
import { call, put, takeLeading } from 'redux-saga/effects';
import { walletT } from '../../messages';
import { coinsLabel, formatDateTime } from '../format';
import { type DailyBonusClaim, type RewardShareChannel, rewardsApi, type ShareReward } from './rewards.api';
import { claimSettled, dailyBonusClaimRequested, shareRequested, shareSettled } from './rewards.slice';

/** What the rewards tell the viewer, in the page's language when it is said. */
export const REWARD_MESSAGES = {
  get claimFailed() {
    return walletT('rewards.claimFailed');
  },
  get shareFailed() {
    return walletT('rewards.shareFailed');
  },
  get copyFailed() {
    return walletT('rewards.copyFailed');
  },
  get thanks() {
    return walletT('rewards.thanks');
  },
};

/** The analytics catalogue names copying a link `copyLink`; the API names it `copy_link`. */
export function analyticsChannel(channel: RewardShareChannel): ShareChannel {
  return channel === 'copy_link' ? 'copyLink' : channel;
}

/** What the device does for a channel before the reward: the share sheet, or the clipboard. */
export const device = {
  async share(data: { url: string; text: string; title: string }) {
    await navigator.share(data);
  },
  async copy(text: string) {
    if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
    await navigator.clipboard.writeText(text);
  },
};

export function* claimDailyBonus() {
  try {
    const answer: DailyBonusClaim = yield* runMutation(
      rewardsApi.endpoints.walletClaimDailyBonus.initiate(undefined, SAGA_MUTATION),
    );
    yield put(balanceChanged({ balance: answer.balance, reason: 'daily_bonus' }));
    yield put(track(ANALYTICS_EVENTS.dailyBonusClaimed, { coins: answer.coins, streak: answer.streak }));
    yield put(
      showToast({
        type: 'success',
        title: walletT('rewards.claimedTitle'),
        message: walletT('rewards.claimed', { coins: coinsLabel(answer.coins), count: answer.streak }),
      }),
    );
  } catch (error) {
    const refusal = error as Partial<ApiError> & { data?: { next_claim_at?: string } };
    if (refusal?.status === 409) {
      const next = refusal.data?.next_claim_at ? formatDateTime(refusal.data.next_claim_at) : '';
      yield put(
        showToast({
          type: 'info',
          message: `${walletT('rewards.alreadyCollected')} ${next ? walletT('rewards.comeBackAt', { when: next }) : walletT('rewards.comeBackTomorrow')}`,
        }),
      );
    } else {
      yield put(showToast({ type: 'error', message: errorMessage(error, REWARD_MESSAGES.claimFailed) }));
    }
  } finally {
    yield put(claimSettled());
  }
}

export function* share({ payload }: ReturnType<typeof shareRequested>) {
  const { channel, url, text } = payload;
  try {
    if (channel === 'native') {
      try {
        yield call([device, device.share], { url, text, title: PRODUCT_NAME });
      } catch {
        return; // the viewer closed the share sheet: nothing was shared
      }
    } else if (channel === 'copy_link') {
      try {
        yield call([device, device.copy], url);
      } catch {
        yield put(showToast({ type: 'error', message: REWARD_MESSAGES.copyFailed }));
        return;
      }
    }
    yield put(track(SHARE_CHANNELS[analyticsChannel(channel)], { channel }));
    try {
      const answer: ShareReward = yield* runMutation(
        rewardsApi.endpoints.walletShareReward.initiate(channel, SAGA_MUTATION),
      );
      if (answer.credited) {
        yield put(balanceChanged({ balance: answer.balance, reason: 'share' }));
        yield put(
          showToast({ type: 'success', title: REWARD_MESSAGES.thanks, message: `+${coinsLabel(answer.coins)}.` }),
        );
      } else {
        const copied = channel === 'copy_link' ? `${walletT('rewards.linkCopied')} ` : '';
        yield put(
          showToast({
            type: 'info',
            message: `${copied}${REWARD_MESSAGES.thanks} ${walletT('rewards.alreadyRewarded')}`,
          }),
        );
      }
    } catch {
      yield put(showToast({ type: 'warning', message: REWARD_MESSAGES.shareFailed }));
    }
  } finally {
    yield put(shareSettled());
  }
}

export function* rewardsSaga() {
  yield takeLeading(dailyBonusClaimRequested.type, claimDailyBonus);
  yield takeLeading(shareRequested.type, share);
}
