/** SQL of refunds and disputes: the payment a charge is about, what it took back, and what is still owed. */
import type { Updateable } from 'kysely';
import type { Executor, PaymentRow, PaymentsTable, SubscriptionRow } from '../../db/schema';

/** The succeeded payment recorded under a payment intent (or with it as its reference). */
export function succeededPaymentOfIntent(db: Executor, intentId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where((eb) => eb.or([eb('payment_intent_id', '=', intentId), eb('provider_ref', '=', intentId)]))
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
}

/** The succeeded payment recorded under an invoice (or with it as its reference). */
export function succeededPaymentOfInvoice(db: Executor, invoiceId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where((eb) => eb.or([eb('invoice_id', '=', invoiceId), eb('provider_ref', '=', invoiceId)]))
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
}

export function paymentById(db: Executor, id: number): Promise<PaymentRow> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Stores what the processor now reports of a payment (refunded total, dispute, coins taken back). */
export async function updatePayment(db: Executor, id: number, changes: Updateable<PaymentsTable>): Promise<void> {
  await db.updateTable('payments').set(changes).where('id', '=', id).execute();
}

export async function coinBalanceOf(db: Executor, userId: number): Promise<number> {
  const user = await db.selectFrom('users').select('coin_balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.coin_balance;
}

/** Records coins a viewer owes because the balance could not cover what a reversal took back. */
export async function insertDebt(
  db: Executor,
  debt: { userId: number; paymentId: number; reference: string; coins: number; at: string },
): Promise<void> {
  await db
    .insertInto('coin_debts')
    .values({
      user_id: debt.userId,
      payment_id: debt.paymentId,
      reference: debt.reference,
      coins: debt.coins,
      outstanding: debt.coins,
      created_at: debt.at,
      updated_at: debt.at,
    })
    .execute();
}

/** A payment's debts still owed, newest first. */
export function openDebtsOfPayment(
  db: Executor,
  paymentId: number,
): Promise<Array<{ id: number; outstanding: number }>> {
  return db
    .selectFrom('coin_debts')
    .select(['id', 'outstanding'])
    .where('payment_id', '=', paymentId)
    .where('outstanding', '>', 0)
    .orderBy('id', 'desc')
    .execute();
}

export async function reduceDebt(db: Executor, id: number, coins: number, at: string): Promise<void> {
  await db
    .updateTable('coin_debts')
    .set((eb) => ({ outstanding: eb('outstanding', '-', coins), updated_at: at }))
    .where('id', '=', id)
    .execute();
}

/** The user's active subscriptions, or only the one with this processor id when given. */
export function activeSubscriptionsOf(
  db: Executor,
  userId: number,
  providerSubscriptionId: string | null,
): Promise<SubscriptionRow[]> {
  const query = db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).where('status', '=', 'active');
  return (
    providerSubscriptionId ? query.where('provider_subscription_id', '=', providerSubscriptionId) : query
  ).execute();
}
