/**
 * The follow reward's write: `POST /api/rewards/follow/` claims the 100 coins once and answers
 * `{ credited, coins, balance }`. The new balance reaches every screen through `wallet/balanceChanged`.
 */
import { baseApi, type FollowReward, SEND_ONCE } from '@cliffhanger/shared';

export const FOLLOW_REWARD_PATH = '/rewards/follow/';

export const followPromptApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    shellClaimFollowReward: build.mutation<FollowReward | null, void>({
      query: () => ({ url: FOLLOW_REWARD_PATH, method: 'POST', body: {} }),
      extraOptions: SEND_ONCE,
    }),
  }),
});
