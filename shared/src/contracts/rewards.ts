/**
 * The rewards answers (product.md#rewards): the rewards screen's state with the daily bonus's streak
 * calendar, and the answers of claiming the daily bonus, a share and the follow prompt's coins. The
 * API answers them; the wallet and the shell read them.
 */
import { Type } from '@sinclair/typebox';

/** The share targets of product.md#rewards: two messaging apps, e-mail, SMS, native share, copy link. */
export const SHARE_CHANNELS = ['telegram', 'whatsapp', 'email', 'sms', 'native', 'copy_link'] as const;
export const ShareChannelSchema = Type.Union(SHARE_CHANNELS.map((channel) => Type.Literal(channel)));

/** One day of the daily bonus's calendar. */
export const CalendarDaySchema = Type.Object({
  day: Type.Integer(),
  coins: Type.Integer(),
  claimed: Type.Boolean(),
  is_today: Type.Boolean(),
});

/** `GET /api/rewards/`: the balance, the daily bonus, the share rewards and the follow prompt's coins. */
export const RewardsOverviewAnswer = Type.Object({
  balance: Type.Integer(),
  daily: Type.Object({
    claimed_today: Type.Boolean(),
    streak: Type.Integer(),
    today_coins: Type.Integer(),
    next_claim_at: Type.String(),
    calendar: Type.Array(CalendarDaySchema),
  }),
  share: Type.Object({
    coins: Type.Integer(),
    channels: Type.Array(Type.Object({ channel: ShareChannelSchema, claimed_today: Type.Boolean() })),
  }),
  follow: Type.Object({ coins: Type.Integer(), claimed: Type.Boolean() }),
});

/** `POST /api/rewards/daily/claim/`: today's bonus credited (a second claim today is a 409). */
export const DailyBonusAnswer = Type.Object({
  credited: Type.Literal(true),
  coins: Type.Integer(),
  streak: Type.Integer(),
  balance: Type.Integer(),
  next_claim_at: Type.String(),
});

/** `POST /api/rewards/share/`: `credited` false (and 0 coins) when the channel was already rewarded today. */
export const ShareRewardAnswer = Type.Object({
  channel: ShareChannelSchema,
  credited: Type.Boolean(),
  coins: Type.Integer(),
  balance: Type.Integer(),
});

/** `POST /api/rewards/follow/`: `credited` false (and 0 coins) when the follow reward was already given. */
export const FollowRewardAnswer = Type.Object({
  credited: Type.Boolean(),
  coins: Type.Integer(),
  balance: Type.Integer(),
});
