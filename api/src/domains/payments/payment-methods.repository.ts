/** SQL of saved cards (payment_methods): one viewer's cards, at most one default at any moment. */
import type { Insertable } from 'kysely';
import type { Executor, PaymentMethodRow, PaymentMethodsTable, Trx } from '../../db/schema';

/** The default card first, then the newest. */
export function methodsOf(db: Executor, userId: number): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function ownMethod(db: Executor, userId: number, id: number): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function methodByProviderId(
  db: Executor,
  userId: number,
  providerPaymentMethodId: string,
): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider_payment_method_id', '=', providerPaymentMethodId)
    .executeTakeFirst();
}

/** The user's card with this card-number fingerprint, if one is saved. */
export function methodByFingerprint(
  db: Executor,
  userId: number,
  fingerprint: string,
): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
}

export async function hasDefaultMethod(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertMethod(trx: Trx, values: Insertable<PaymentMethodsTable>): Promise<PaymentMethodRow> {
  return trx.insertInto('payment_methods').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Makes one card the default: the others are cleared first, as the partial unique index allows one. */
export async function makeDefaultMethod(trx: Trx, userId: number, id: number): Promise<void> {
  await trx
    .updateTable('payment_methods')
    .set({ is_default: false })
    .where('user_id', '=', userId)
    .where('id', '!=', id)
    .execute();
  await markDefaultMethod(trx, id);
}

/** Sets the default flag of a card whose user has no other default. */
export async function markDefaultMethod(trx: Trx, id: number): Promise<void> {
  await trx.updateTable('payment_methods').set({ is_default: true }).where('id', '=', id).execute();
}

export async function deleteMethod(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('payment_methods').where('id', '=', id).execute();
}

export function newestMethod(db: Executor, userId: number): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The processor's id of the user's default card, or null. */
export async function defaultMethodProviderId(db: Executor, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('payment_methods')
    .select('provider_payment_method_id')
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .executeTakeFirst();
  return row?.provider_payment_method_id ?? null;
}
