/**
 * What the analytics service receives besides events (product.md#events): the user id, the user
 * properties email, username, premium and staff, and revenue as price, quantity and product id. A value
 * the product does not know is sent as EMPTY, the session-tracking default of product.md#events.
 */
import { ANALYTICS_EMPTY_VALUE } from '../constants';
import type { User } from '../entities';

export interface AnalyticsUserProperties {
  email: string;
  username: string;
  premium: boolean;
  staff: boolean;
}

export function analyticsUserId(user: Pick<User, 'id'> | null | undefined): string {
  return user?.id !== undefined && user?.id !== null ? String(user.id) : ANALYTICS_EMPTY_VALUE;
}

export function analyticsUserProperties(user: Partial<User> | null | undefined): AnalyticsUserProperties {
  return {
    email: user?.email || ANALYTICS_EMPTY_VALUE,
    username: user?.username || ANALYTICS_EMPTY_VALUE,
    premium: !!(user?.is_premium || user?.is_gold_member),
    staff: !!(user?.is_staff || user?.is_superuser),
  };
}

export interface RevenueInput {
  price: number;
  quantity?: number;
  productId: string | number;
}

export interface RevenuePayload {
  price: number;
  quantity: number;
  productId: string;
}

export function revenuePayload(input: RevenueInput): RevenuePayload {
  const quantity = input.quantity && input.quantity > 0 ? Math.floor(input.quantity) : 1;
  return { price: Number(input.price) || 0, quantity, productId: String(input.productId || ANALYTICS_EMPTY_VALUE) };
}
