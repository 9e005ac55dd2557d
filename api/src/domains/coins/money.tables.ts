/**
 * Table types of the money migration (20250701000000_money), kept beside the domains that own them.
 * `MoneyDatabase` is the shared `Database` plus these tables; money code views `ctx.db` through it
 * with `moneyDb(ctx)`. Conventions as in db/schema.ts: booleans read as SqlBool, timestamps ISO text.
 */
import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { BoolColumn, Database } from '../../db/schema';

export type PaymentKind = 'coins' | 'gold' | 'intent';
export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';
export type ProviderKind = 'stripe' | 'dev';
export type SubscriptionStatus = 'active' | 'canceled' | 'past_due' | 'expired';

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  kind: PaymentKind;
  status: PaymentStatus;
  provider: ProviderKind;
  /** The checkout session id (cs_…) or payment intent id (pi_…). */
  provider_ref: string;
  amount_minor: number;
  currency: string;
  coins: ColumnType<number, number | undefined, number>;
  package_id: number | null;
  plan: string | null;
  description: string;
  success_url: string | null;
  cancel_url: string | null;
  failure_message: string | null;
  created_at: string;
  updated_at: string;
  /** The processor's payment intent behind a checkout or invoice (a charge names it). */
  payment_intent_id: ColumnType<string | null, string | null | undefined, string | null>;
  invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Gold subscription a checkout or renewal paid for. */
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Cumulative amount refunded, as the processor last reported it (minor units). */
  refunded_minor: ColumnType<number, number | undefined, number>;
  /** The amount of the payment's dispute (minor units); what it holds depends on `dispute_status`. */
  disputed_minor: ColumnType<number, number | undefined, number>;
  dispute_status: ColumnType<DisputeState | null, DisputeState | null | undefined, DisputeState | null>;
  /** Coins taken back for this payment so far (from the balance or owed as a debt). */
  coins_reversed: ColumnType<number, number | undefined, number>;
  /** The guest that made this payment, when it moved to this account with a guest merge. */
  merged_from_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** open: money held by the bank; won: returned to us; lost: gone for good. */
export type DisputeState = 'open' | 'won' | 'lost';

export interface CoinDebtsTable {
  id: Generated<number>;
  user_id: number;
  payment_id: number | null;
  /** The reference of the ledger row that took back what the balance had. */
  reference: string;
  coins: number;
  outstanding: number;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan: string;
  name: string;
  status: SubscriptionStatus;
  provider: ProviderKind;
  provider_subscription_id: string;
  current_period_end: string;
  cancel_at_period_end: BoolColumn;
  last_event_at: string;
  created_at: string;
  updated_at: string;
}

export interface PaymentCustomersTable {
  user_id: number;
  provider: ProviderKind;
  customer_id: string;
  created_at: string;
}

export interface PaymentMethodsTable {
  id: Generated<number>;
  user_id: number;
  provider_payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: BoolColumn;
  created_at: string;
  /** The processor's fingerprint of the card number (never the number); null for cards saved before. */
  fingerprint: string | null;
}

export interface ProcessedEventsTable {
  event_id: string;
  type: string;
  processed_at: string;
}

export interface RewardClaimsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'daily' | 'share' | 'follow';
  claim_key: string;
  day: string | null;
  channel: string | null;
  streak: number | null;
  coins: number;
  created_at: string;
}

/** A viewer's use of the first-purchase offer (migration 20261203010000_first_purchase_offer). */
export interface FirstPurchaseOfferClaimsTable {
  user_id: number;
  /** The checkout that carries the offer; null for the moment between the claim and its recording. */
  payment_id: number | null;
  /** The keyed idempotency key of the checkout start, so a retry of that start keeps the offer. */
  checkout_key: string | null;
  claimed_at: string;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  user_id: number | null;
  client_user_id: string | null;
  device_id: string | null;
  event_type: string;
  event_time: string;
  session_id: number | null;
  insert_id: string | null;
  event_properties: string;
  user_properties: string;
  revenue: number | null;
  price: number | null;
  quantity: number | null;
  product_id: string | null;
  platform: string | null;
  received_at: string;
}

export interface MoneyDatabase extends Database {
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  payment_customers: PaymentCustomersTable;
  payment_methods: PaymentMethodsTable;
  processed_events: ProcessedEventsTable;
  reward_claims: RewardClaimsTable;
  analytics_events: AnalyticsEventsTable;
  coin_debts: CoinDebtsTable;
  first_purchase_offer_claims: FirstPurchaseOfferClaimsTable;
}

export type MoneyDb = Kysely<MoneyDatabase>;
export type MoneyTrx = Transaction<MoneyDatabase>;
export type MoneyExecutor = MoneyDb | MoneyTrx;

export type PaymentRow = Selectable<PaymentsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type RewardClaimRow = Selectable<RewardClaimsTable>;
export type CoinDebtRow = Selectable<CoinDebtsTable>;

/**
 * The app's database seen with the money tables. The shared schema.ts lists the tables of the first
 * migration; these come from the money migration, which runs before the app answers any request.
 */
export function moneyDb(ctx: Pick<AppContext, 'db'>): MoneyDb {
  return ctx.db as unknown as MoneyDb;
}
