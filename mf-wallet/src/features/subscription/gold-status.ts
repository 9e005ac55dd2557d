/**
 * Gold status (product.md#gold): a subscription counts only when it is named Gold, has not been cancelled or
 * expired and its period ends in the future. One that is set to cancel at the period end is still Gold
 * until then, as card processors do.
 */
import { type SharedState, type Subscription, selectSession } from '@cliffhanger/shared';

export const GOLD_PLAN_NAME = 'Gold';

export function isGoldSubscription(
  subscription: Pick<Subscription, 'name' | 'status' | 'current_period_end'> | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!subscription || subscription.name !== GOLD_PLAN_NAME) return false;
  if (subscription.status === 'canceled' || subscription.status === 'expired') return false;
  const end = Date.parse(subscription.current_period_end);
  return Number.isFinite(end) && end > now;
}

/**
 * Whether the viewer can have an active subscription to ask the API about. The answer for "none" is a
 * 404 (product.md#gold), which the browser logs as a failed request on its own, so an ordinary visit by a viewer
 * whose profile shows no subscription and no Gold does not ask at all. The shell keeps the profile
 * fresh (it re-reads it whenever the profile flags change), so a new subscription still shows.
 */
export function selectMayHaveSubscription(state: SharedState): boolean {
  const session = selectSession(state);
  return session.isGold || Boolean(session.user?.subscription) || session.flags?.has_active_subs === true;
}
