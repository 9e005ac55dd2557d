/** The rewards screen's state (product.md#rewards): the daily bonus with its streak calendar, and sharing. */
import {
  baseApi,
  type DailyBonusClaim,
  type RewardShareChannel,
  type RewardsOverview,
  SEND_ONCE,
  type ShareReward,
} from '@cliffhanger/shared';

/** The channels the API credits (`copy_link` is the analytics catalogue's `copyLink`), and its answers. */
export type { DailyBonusClaim, RewardShareChannel, RewardsOverview, ShareReward };

export const rewardsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletRewards: build.query<RewardsOverview | null, void>({
      query: () => ({ url: '/rewards/' }),
      transformResponse: (answer: RewardsOverview | null) => (answer && typeof answer === 'object' ? answer : null),
      providesTags: ['Rewards'],
    }),
    /** Collects today's bonus; whatever the answer (an already collected one is a 409), the calendar is read again. */
    walletClaimDailyBonus: build.mutation<DailyBonusClaim, void>({
      query: () => ({ url: '/rewards/daily/claim/', method: 'POST' }),
      extraOptions: SEND_ONCE,
      invalidatesTags: ['Rewards', 'Transaction'],
    }),
    /** Reports a share for its reward; the server credits each channel once a day. */
    walletShareReward: build.mutation<ShareReward, RewardShareChannel>({
      query: (channel) => ({ url: '/rewards/share/', method: 'POST', body: { channel } }),
      extraOptions: SEND_ONCE,
      invalidatesTags: ['Rewards', 'Transaction'],
    }),
  }),
});

export const { useWalletRewardsQuery } = rewardsApi;
