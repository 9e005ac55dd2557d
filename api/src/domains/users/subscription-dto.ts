/** A Gold subscription as the API answers it (User.subscription, product.md#entities, /api/subscriptions/*). */

import type { SubscriptionRow } from '../../db/schema';
import type { GoldPlan } from '../settings/settings.schemas';

export interface SubscriptionDto {
  id: number;
  plan: string;
  name: string;
  status: 'active' | 'canceled' | 'past_due' | 'expired';
  current_period_end: string;
  cancel_at_period_end: boolean;
  interval: 'month' | 'year' | null;
  created_at: string;
}

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
