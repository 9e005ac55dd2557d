/** The rewards screen's state (product.md#rewards): the daily bonus with its streak calendar, and sharing. */
import { baseApi, SEND_ONCE } from '@cliffhanger/shared';

/** The channels the API credits; `copy_link` is the analytics catalogue's `copyLink`. */
export const REWARD_SHARE_CHANNELS = ['native', 'copy_link', 'whatsapp', 'telegram', 'email', 'sms'] as const;
export type RewardShareChannel = (typeof REWARD_SHARE_CHANNELS)[number];

export interface CalendarDay {
  day: number;
  coins: number;
  claimed: boolean;
  is_today: boolean;
}

export interface RewardsOverview {
  balance: number;
  daily: {
    claimed_today: boolean;
    streak: number;
    today_coins: number;
    next_claim_at: string;
    calendar: CalendarDay[];
  };
  share: { coins: number; channels: Array<{ channel: RewardShareChannel; claimed_today: boolean }> };
}

export interface ClaimAnswer {
  credited: true;
  coins: number;
  streak: number;
  balance: number;
  next_claim_at: string;
}

export interface ShareAnswer {
  channel: RewardShareChannel;
  credited: boolean;
  coins: number;
  balance: number;
}

export const rewardsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletRewards: build.query<RewardsOverview | null, void>({
      query: () => ({ url: '/rewards/' }),
      transformResponse: (answer: RewardsOverview | null) => (answer && typeof answer === 'object' ? answer : null),
      providesTags: ['Rewards'],
    }),
    /** Collects today's bonus; whatever the answer (an already collected one is a 409), the calendar is read again. */
    walletClaimDailyBonus: build.mutation<ClaimAnswer, void>({
      query: () => ({ url: '/rewards/daily/claim/', method: 'POST' }),
      extraOptions: SEND_ONCE,
      invalidatesTags: ['Rewards', 'Transaction'],
    }),
    /** Reports a share for its reward; the server credits each channel once a day. */
    walletShareReward: build.mutation<ShareAnswer, RewardShareChannel>({
      query: (channel) => ({ url: '/rewards/share/', method: 'POST', body: { channel } }),
      extraOptions: SEND_ONCE,
      invalidatesTags: ['Rewards', 'Transaction'],
    }),
  }),
});

export const { useWalletRewardsQuery } = rewardsApi;
