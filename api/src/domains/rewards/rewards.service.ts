/**
 * Rewards (product.md#rewards): the daily bonus with a 7-day streak calendar, coins for sharing (six channels,
 * once per channel per UTC day) and the follow prompt's coins (once per user). Amounts come from the
 * `rewards` setting. Each claim is a reward_claims row, unique per (user, claim key), inserted first
 * in the same transaction as its ledger credit, so concurrent claims credit once. Its coins are taken
 * from the day's free-coin pools of the address and device it comes from (kernel/free-coin-pool.ts);
 * when a pool is spent the claim is refused (429) and nothing of it is kept.
 */
import { SHARE_CHANNELS } from '@cliffhanger/shared/contracts';
import { DEFAULT_FREE_COIN_LIMITS } from '../../config';
import type { AppContext } from '../../context';
import type { Executor, RewardClaimsTable, Trx, UserRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { type FreeCoinSource, freeCoinsSpent, takeFreeCoins } from '../../kernel/free-coin-pool';
import { applyEntry, assertCanSpend, lockUser, moneyTransaction } from '../../kernel/money-transaction';
import { LEDGER_REASONS } from '../coins/coins.service';
import type { RewardSettings } from '../settings/settings.schemas';
import { getSetting } from '../settings/settings.service';
import { dailyClaimsOn, followAndShareClaims, insertClaimOnce } from './rewards.repository';

/** The share targets of product.md#rewards, declared with the answers in the shared contracts. */
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const previousDay = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS));
const nextMidnight = (date: Date) => `${utcDay(new Date(date.getTime() + DAY_MS))}T00:00:00.000Z`;

/** Day n of a streak pays the n-th calendar amount; after the last day the calendar starts over. */
const calendarIndex = (streak: number, length: number) => (streak - 1) % length;

interface DailyState {
  claimedToday: boolean;
  /** The streak including today when claimed, else the streak today's claim would continue. */
  streak: number;
}

async function dailyState(db: Executor, userId: number, today: string): Promise<DailyState> {
  const rows = await dailyClaimsOn(db, userId, [today, previousDay(today)]);
  const todays = rows.find((row) => row.day === today);
  if (todays) return { claimedToday: true, streak: todays.streak ?? 1 };
  const yesterdays = rows.find((row) => row.day === previousDay(today));
  return { claimedToday: false, streak: yesterdays?.streak ?? 0 };
}

export async function rewardsOverview(ctx: AppContext, viewer: UserRow) {
  const now = ctx.now();
  const today = utcDay(now);
  const settings = await getSetting(ctx, 'rewards');
  const db = ctx.db;
  const [daily, claims] = await Promise.all([
    dailyState(db, viewer.id, today),
    followAndShareClaims(db, viewer.id, today),
  ]);
  const amounts = settings.daily_bonus;
  // Where today sits in the calendar: the claimed day, or the day a claim now would be.
  const todayIndex = calendarIndex(daily.claimedToday ? daily.streak : daily.streak + 1, amounts.length);
  const sharedToday = new Set(claims.filter((claim) => claim.kind === 'share').map((claim) => claim.channel));
  return {
    balance: viewer.coin_balance,
    daily: {
      claimed_today: daily.claimedToday,
      streak: daily.streak,
      today_coins: amounts[todayIndex] ?? 0,
      next_claim_at: daily.claimedToday ? nextMidnight(now) : now.toISOString(),
      calendar: amounts.map((coins, index) => ({
        day: index + 1,
        coins,
        claimed: index < todayIndex || (index === todayIndex && daily.claimedToday),
        is_today: index === todayIndex,
      })),
    },
    share: {
      coins: settings.share_coins,
      channels: SHARE_CHANNELS.map((channel) => ({ channel, claimed_today: sharedToday.has(channel) })),
    },
    follow: { coins: settings.follow_prompt_coins, claimed: claims.some((claim) => claim.kind === 'follow') },
  };
}

interface ClaimResult {
  credited: boolean;
  coins: number;
  balance: number;
  streak: number | null;
}

/**
 * Inserts the claim row and credits its coins in one transaction; false `credited` when the same
 * claim key was already used. `decide` runs inside the transaction (user locked) to pick the amount.
 */
async function claim(
  ctx: AppContext,
  userId: number,
  source: FreeCoinSource,
  base: Omit<RewardClaimsTable, 'id' | 'coins' | 'streak' | 'created_at' | 'user_id'>,
  reason: string,
  decide: (trx: Trx) => Promise<{ coins: number; streak: number | null }>,
): Promise<ClaimResult> {
  return moneyTransaction(ctx, async (trx) => {
    const user = await lockUser(ctx, trx, userId);
    // A guest merged since the request was authenticated claims nothing more: its claims moved.
    assertCanSpend(user);
    const balanceNow = user.coin_balance;
    const { coins, streak } = await decide(trx);
    const now = ctx.now();
    const at = now.toISOString();
    if (!(await insertClaimOnce(trx, { ...base, user_id: userId, coins, streak, created_at: at }))) {
      return { credited: false, coins: 0, balance: balanceNow, streak: null };
    }
    if (coins === 0) return { credited: true, coins, balance: balanceNow, streak };
    const entry = await applyEntry(trx, { userId, delta: coins, reason, reference: base.claim_key, createdAt: at });
    // Last, so the pool's row (every claim from the address waits for it) is held only until the commit.
    // Thrown, the refusal rolls the claim and its credit back: it can be made again once the pool is back.
    const limits = ctx.config.freeCoins ?? DEFAULT_FREE_COIN_LIMITS;
    if (entry.applied && !(await takeFreeCoins(trx, limits, source, coins, now))) throw freeCoinsSpent(now);
    return { credited: entry.applied, coins: entry.applied ? coins : 0, balance: entry.balance, streak };
  });
}

export async function claimDailyBonus(ctx: AppContext, viewer: UserRow, source: FreeCoinSource) {
  const now = ctx.now();
  const today = utcDay(now);
  const settings: RewardSettings = await getSetting(ctx, 'rewards');
  const result = await claim(
    ctx,
    viewer.id,
    source,
    { kind: 'daily', claim_key: `daily:${today}`, day: today, channel: null },
    LEDGER_REASONS.dailyBonus,
    async (trx) => {
      const state = await dailyState(trx, viewer.id, today);
      const streak = state.claimedToday ? state.streak : state.streak + 1;
      return { coins: settings.daily_bonus[calendarIndex(streak, settings.daily_bonus.length)] ?? 0, streak };
    },
  );
  if (!result.credited) {
    throw new HttpError(409, "Today's bonus is already claimed. Come back tomorrow!", {
      next_claim_at: nextMidnight(now),
      balance: result.balance,
    });
  }
  return {
    credited: true as const,
    coins: result.coins,
    streak: result.streak ?? 1,
    balance: result.balance,
    next_claim_at: nextMidnight(now),
  };
}

export async function claimShare(ctx: AppContext, viewer: UserRow, channel: ShareChannel, source: FreeCoinSource) {
  const today = utcDay(ctx.now());
  const settings = await getSetting(ctx, 'rewards');
  const result = await claim(
    ctx,
    viewer.id,
    source,
    { kind: 'share', claim_key: `share:${channel}:${today}`, day: today, channel },
    LEDGER_REASONS.share,
    async () => ({ coins: settings.share_coins, streak: null }),
  );
  return { channel, credited: result.credited, coins: result.coins, balance: result.balance };
}

export async function claimFollow(ctx: AppContext, viewer: UserRow, source: FreeCoinSource) {
  const settings = await getSetting(ctx, 'rewards');
  const result = await claim(
    ctx,
    viewer.id,
    source,
    { kind: 'follow', claim_key: 'follow', day: null, channel: null },
    LEDGER_REASONS.followPrompt,
    async () => ({ coins: settings.follow_prompt_coins, streak: null }),
  );
  return { credited: result.credited, coins: result.coins, balance: result.balance };
}
