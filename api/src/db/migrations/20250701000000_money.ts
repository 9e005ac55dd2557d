/**
 * Money beyond the coin ledger: card payments and checkout sessions, Gold subscriptions, saved payment
 * methods, the webhook events already processed, reward claims and the ingested analytics events.
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

function types(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    timestamp: pg ? ('timestamptz' as const) : ('text' as const),
    id: (column: ColumnDefinitionBuilder) => (pg ? column.primaryKey() : column.primaryKey().autoIncrement()),
    idType: pg ? ('serial' as const) : ('integer' as const),
    /** Amplitude session ids are epoch milliseconds: beyond a 32-bit integer. */
    bigint: pg ? ('bigint' as const) : ('integer' as const),
  };
}

export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  const userRef = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  /**
   * One row per checkout session or payment intent. Amounts are in minor units (kopecks, cents) so no
   * money value is ever a float. `provider_ref` is the checkout session id (cs_…) or intent id (pi_…).
   */
  await db.schema
    .createTable('payments')
    .addColumn('id', t.idType, t.id)
    .addColumn('user_id', 'integer', userRef)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull().unique())
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('coins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('package_id', 'integer')
    .addColumn('plan', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('success_url', 'text')
    .addColumn('cancel_url', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_user_created').on('payments').columns(['user_id', 'created_at']).execute();

  /** Gold subscriptions; `users.gold_until` mirrors the latest active period end of a user's rows. */
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', t.idType, t.id)
    .addColumn('user_id', 'integer', userRef)
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text', (c) => c.notNull().unique())
    .addColumn('current_period_end', t.timestamp, (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    // The creation time of the newest provider event applied; older events arriving late are ignored.
    .addColumn('last_event_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user').on('subscriptions').column('user_id').execute();

  /** The provider's customer per user (Stripe needs one to save cards and bill subscriptions). */
  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', t.idType, t.id)
    .addColumn('user_id', 'integer', userRef)
    .addColumn('provider_payment_method_id', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('payment_methods_user_provider_id', ['user_id', 'provider_payment_method_id'])
    .execute();
  // At most one default per user, whatever the interleaving of requests.
  await db.schema
    .createIndex('payment_methods_one_default')
    .on('payment_methods')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', sql.lit(true))
    .execute();

  /** Webhook idempotency: the event id is inserted first, in the same transaction as its effect. */
  await db.schema
    .createTable('processed_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', t.timestamp, (c) => c.notNull())
    .execute();

  /**
   * Rewards already given: `claim_key` is 'daily:<UTC day>', 'share:<channel>:<UTC day>' or 'follow'
   * and doubles as the ledger reference, so a claim and its coins are written once.
   */
  await db.schema
    .createTable('reward_claims')
    .addColumn('id', t.idType, t.id)
    .addColumn('user_id', 'integer', userRef)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('claim_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text')
    .addColumn('channel', 'text')
    .addColumn('streak', 'integer')
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('reward_claims_user_key', ['user_id', 'claim_key'])
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', t.idType, t.id)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_user_id', 'text')
    .addColumn('device_id', 'text')
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_time', t.timestamp, (c) => c.notNull())
    .addColumn('session_id', t.bigint)
    // amplitude-js retries an upload it did not see answered; its insert_id makes the retry a no-op.
    .addColumn('insert_id', 'text', (c) => c.unique())
    .addColumn('event_properties', 'text', (c) => c.notNull())
    .addColumn('user_properties', 'text', (c) => c.notNull())
    .addColumn('revenue', 'double precision')
    .addColumn('price', 'double precision')
    .addColumn('quantity', 'integer')
    .addColumn('product_id', 'text')
    .addColumn('platform', 'text')
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_type_time')
    .on('analytics_events')
    .columns(['event_type', 'event_time'])
    .execute();
  await db.schema.createIndex('analytics_events_user').on('analytics_events').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'analytics_events',
    'reward_claims',
    'processed_events',
    'payment_methods',
    'payment_customers',
    'subscriptions',
    'payments',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
