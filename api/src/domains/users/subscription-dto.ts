/** A Gold subscription as the API answers it (User.subscription, product.md#entities, /api/subscriptions/*). */

import type { Subscription } from '@cliffhanger/shared/entities';
import type { SubscriptionRow } from '../../db/schema';
import type { GoldPlan } from '../settings/settings.schemas';

export type SubscriptionDto = Subscription;

export function toSubscriptionDto(row: SubscriptionRow, plans: GoldPlan[], now: Date): SubscriptionDto {
  const ended = row.current_period_end <= now.toISOString();
  return {
    id: row.id,
    plan: row.plan,
    name: row.name,
    status: row.status === 'active' && ended ? 'expired' : row.status,
    current_period_end: row.current_period_end,
    cancel_at_period_end: Boolean(row.cancel_at_period_end),
    interval: plans.find((plan) => plan.id === row.plan)?.interval ?? null,
    created_at: row.created_at,
  };
}
