import type { CoinPackage } from '../features/coins/coins.api';
import type { PaymentMethod } from '../features/payment-methods/payment-methods.api';
import type { ActiveSubscription, GoldPlan } from '../features/subscription/subscription.api';
import type { Transaction } from '../features/transactions/transactions.api';

export const packages: CoinPackage[] = [
  { id: 1, coins: 100, bonus_coins: 0, price: 99, currency: 'rub', title: 'Starter', is_popular: false },
  { id: 2, coins: 500, bonus_coins: 50, price: 449, currency: 'rub', title: 'Binge pack', is_popular: true },
  { id: 3, coins: 1000, bonus_coins: 200, price: 9.99, currency: 'usd', title: 'Marathon', is_popular: false },
];

export const plans: GoldPlan[] = [
  { id: 'monthly', name: 'Gold', interval: 'month', price: 399, currency: 'rub', title: 'Gold monthly' },
  { id: 'yearly', name: 'Gold', interval: 'year', price: 2990, currency: 'rub', title: 'Gold yearly' },
];

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export const goldSubscription = (extra: Partial<ActiveSubscription> = {}): ActiveSubscription => ({
  id: 31,
  plan: 'monthly',
  name: 'Gold',
  status: 'active',
  current_period_end: inDays(30),
  cancel_at_period_end: false,
  interval: 'month',
  created_at: '2025-01-01T00:00:00.000Z',
  ...extra,
});

export const card = (id: number, extra: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id,
  payment_method_id: `pm_card_${id}`,
  brand: 'visa',
  last4: String(4240 + id),
  exp_month: 4,
  exp_year: 2031,
  is_default: false,
  created_at: '2025-02-01T10:00:00.000Z',
  ...extra,
});

/** A ledger line of the transactions list, dated 2026-01-`id`; `as_guest` marks one a merged guest made. */
export const transaction = (id: number, extra: Partial<Transaction> = {}): Transaction => ({
  id: `ledger-${id}`,
  type: 'unlock',
  description: `Entry ${id}`,
  amount: null,
  currency: null,
  coins: 0,
  owed: 0,
  as_guest: false,
  status: 'succeeded',
  balance_after: null,
  created_at: `2026-01-${String(id).padStart(2, '0')}T10:00:00.000Z`,
  ...extra,
});
