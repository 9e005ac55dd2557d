/** SQL of payments and the processor's customer of each user. */
import type { Insertable } from 'kysely';
import type { Executor, PaymentRow, PaymentsTable, ProviderKind } from '../../db/schema';

export async function customerIdOf(db: Executor, userId: number, provider: ProviderKind): Promise<string | null> {
  const known = await db
    .selectFrom('payment_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return known?.customer_id ?? null;
}

/** Remembers the user's customer at the processor (replacing one of another processor). */
export async function upsertCustomer(
  db: Executor,
  customer: { userId: number; provider: ProviderKind; customerId: string; at: string },
) {
  await db
    .insertInto('payment_customers')
    .values({
      user_id: customer.userId,
      provider: customer.provider,
      customer_id: customer.customerId,
      created_at: customer.at,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ provider: customer.provider, customer_id: customer.customerId }),
    )
    .execute();
}

/** Records a checkout; a second one under the same processor reference keeps the first row. */
export async function insertPaymentOnce(db: Executor, payment: Insertable<PaymentsTable>) {
  await db
    .insertInto('payments')
    .values(payment)
    .onConflict((oc) => oc.column('provider_ref').doNothing())
    .execute();
}

export async function insertPayment(db: Executor, payment: Insertable<PaymentsTable>) {
  await db.insertInto('payments').values(payment).execute();
}

export function paymentByRef(db: Executor, providerRef: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('provider_ref', '=', providerRef).executeTakeFirst();
}

export function paymentOfUserByRef(db: Executor, userId: number, providerRef: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider_ref', '=', providerRef)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Sets a payment's status and failure message. */
export async function setPaymentStatus(
  db: Executor,
  id: number,
  status: PaymentRow['status'],
  failureMessage: string | null,
  at: string,
) {
  await db
    .updateTable('payments')
    .set({ status, failure_message: failureMessage, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Remembers what a later refund or dispute of the payment will name. */
export async function setPaymentReferences(
  db: Executor,
  id: number,
  references: { payment_intent_id: string | null; invoice_id: string | null; subscription_id: string | null },
  at: string,
) {
  await db
    .updateTable('payments')
    .set({ ...references, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function setReceiptEmail(db: Executor, id: number, email: string) {
  await db.updateTable('payments').set({ receipt_email: email }).where('id', '=', id).execute();
}

/** Marks the user as one who has paid; `at` also stamps the row when given. */
export async function markPremium(db: Executor, userId: number, at: string | null) {
  await db
    .updateTable('users')
    .set(at === null ? { is_premium: true } : { is_premium: true, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/**
 * The plan of the user's newest Gold checkout, pending or paid, that is tied to this processor
 * subscription or to none yet.
 */
export function openGoldCheckout(db: Executor, userId: number, subscriptionId: string) {
  return db
    .selectFrom('payments')
    .select(['plan'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'gold')
    .where('status', 'in', ['pending', 'succeeded'])
    .where((eb) => eb.or([eb('subscription_id', '=', subscriptionId), eb('subscription_id', 'is', null)]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Fills in (never replaces) the first invoice's references on the user's Gold checkout of this subscription. */
export async function rememberFirstInvoice(
  db: Executor,
  userId: number,
  refs: { invoiceId: string; intentId: string | null; subscriptionId: string },
) {
  await db
    .updateTable('payments')
    .set((eb) => ({
      invoice_id: eb.fn.coalesce('invoice_id', eb.val(refs.invoiceId)),
      payment_intent_id: eb.fn.coalesce('payment_intent_id', eb.val(refs.intentId)),
      subscription_id: eb.fn.coalesce('subscription_id', eb.val(refs.subscriptionId)),
    }))
    .where('user_id', '=', userId)
    .where('kind', '=', 'gold')
    .where((eb) => eb.or([eb('invoice_id', '=', refs.invoiceId), eb('subscription_id', '=', refs.subscriptionId)]))
    .execute();
}

/** A checkout of coins or Gold made with the local dev processor. */
export function devCheckoutPayment(db: Executor, sessionId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider_ref', '=', sessionId)
    .where('provider', '=', 'dev')
    .where('kind', 'in', ['coins', 'gold'])
    .executeTakeFirst();
}

/** The guest accounts merged into this user when they signed in. */
export async function guestsMergedInto(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('merged_into_user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

/** Cancels a payment still pending; answers whether it was (one already settled stays as it is). */
export async function cancelIfPending(db: Executor, id: number, at: string): Promise<boolean> {
  const cancelled = await db
    .updateTable('payments')
    .set({ status: 'canceled', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(cancelled.numUpdatedRows) > 0;
}

/**
 * Closes the user's payments still pending that were started before `before`: their status becomes
 * expired. Answers their ids. A payment that settles meanwhile is left as it settled (the status guard).
 */
export async function expirePendingBefore(db: Executor, userId: number, before: string, at: string): Promise<number[]> {
  const rows = await db
    .updateTable('payments')
    .set({ status: 'expired', updated_at: at })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
