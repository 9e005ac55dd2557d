/**
 * Gold status (§5, §6): a subscription counts only when it is named Gold, has not been cancelled or
 * expired and its period ends in the future. One that is set to cancel at the period end is still Gold
 * until then, as card processors do.
 */
import type { Subscription } from '@cliffhanger/shared';

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
