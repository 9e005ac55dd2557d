/** SQL for the credentials tables: refresh tokens, magic links, password resets, e-mail verifications. */
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Database, Executor } from '../../db/schema';

export async function insertRefreshToken(
  db: Executor,
  row: { userId: number; familyId: string; tokenHash: string; expiresAt: string; createdAt: string },
) {
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: row.userId,
      family_id: row.familyId,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
    })
    .execute();
}

export function findRefreshToken(db: Executor, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks a token used unless it already was; false means somebody used it first (a reuse). */
export async function consumeRefreshToken(db: Executor, id: number, usedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: usedAt })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeRefreshFamily(db: Executor, familyId: string, revokedAt: string) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: revokedAt })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllRefreshTokens(db: Executor, userId: number, revokedAt: string) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: revokedAt })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertMagicLink(
  db: Executor,
  row: {
    tokenHash: string;
    email: string;
    purpose: 'auth' | 'registration' | 'keep';
    nextPath: string | null;
    /** The guest whose session asked for the link, or null. */
    requestedBy: number | null;
    /** The guest the link gives its address to (purpose 'keep'), or null. */
    keeps: number | null;
    expiresAt: string;
    createdAt: string;
  },
) {
  const inserted = await db
    .insertInto('magic_links')
    .values({
      token_hash: row.tokenHash,
      email: row.email,
      purpose: row.purpose,
      next_path: row.nextPath,
      requested_by_user_id: row.requestedBy,
      keeps_user_id: row.keeps,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A link that was not mailed after all (the address had its share): it never counts or works. */
/**
 * Inside a transaction: waits for any other request storing a link to `email` to commit (PostgreSQL; on
 * SQLite the transaction's write lock already serialises them), so counting and storing are one step.
 */
export async function lockLinksTo(trx: Executor, dbKind: 'sqlite' | 'postgres', email: string) {
  if (dbKind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`link-mails:${email}`}))`.execute(trx);
}

/** How many links to `email` were stored since `since`. */
export async function linksToAddressSince(db: Executor, email: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('magic_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The guest `email` brings back, or null: one that asked to keep its coins with the address, or one
 * whose checkout receipt went there — still a guest of its own (active, not merged). A guest that paid
 * comes first (the latest to ask, then the latest receipt), then the latest to ask: giving somebody
 * else's address costs nothing, so a guest that never paid cannot push a paying one aside.
 */
export async function guestKeptWith(db: Executor, email: string): Promise<number | null> {
  const paid = (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.exists(
      eb
        .selectFrom('payments')
        .select('payments.id')
        .whereRef('payments.user_id', '=', 'users.id')
        .where('payments.status', '=', 'succeeded'),
    );
  const asked = await db
    .selectFrom('magic_links')
    .innerJoin('users', 'users.id', 'magic_links.keeps_user_id')
    .select((eb) => ['users.id', eb.case().when(paid(eb)).then(1).else(0).end().as('paid')])
    .where('magic_links.email', '=', email)
    .where('users.is_guest', '=', true)
    .where('users.is_active', '=', true)
    .where('users.merged_into_user_id', 'is', null)
    .orderBy('paid', 'desc')
    .orderBy('magic_links.created_at', 'desc')
    .orderBy('magic_links.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (asked && Number(asked.paid) === 1) return asked.id;
  const receipt = await db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .select('users.id')
    .where('payments.receipt_email', '=', email)
    .where('payments.status', '=', 'succeeded')
    .where('users.is_guest', '=', true)
    .where('users.is_active', '=', true)
    .where('users.merged_into_user_id', 'is', null)
    .orderBy('payments.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return receipt?.id ?? asked?.id ?? null;
}

/** The tables of single-use tokens: each row has a token hash, an expiry and the moment it was used. */
type SingleUseTokenTable = 'magic_links' | 'password_resets' | 'email_verifications';

/*
 * Single-use tokens (magic link, reset, verification) are used with one conditional update: only an
 * unused, unexpired row changes, so of two concurrent uses only one gets the row back. The signature
 * gives each table its own row type; the body writes the one update for all three.
 */
function consumeSingleUseToken<T extends SingleUseTokenTable>(
  db: Executor,
  table: T,
  tokenHash: string,
  now: string,
): Promise<Selectable<Database[T]> | undefined>;
function consumeSingleUseToken(db: Executor, table: SingleUseTokenTable, tokenHash: string, now: string) {
  return db
    .updateTable(table)
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export const consumeMagicLink = (db: Executor, tokenHash: string, now: string) =>
  consumeSingleUseToken(db, 'magic_links', tokenHash, now);

export const consumePasswordReset = (db: Executor, tokenHash: string, now: string) =>
  consumeSingleUseToken(db, 'password_resets', tokenHash, now);

export const consumeEmailVerification = (db: Executor, tokenHash: string, now: string) =>
  consumeSingleUseToken(db, 'email_verifications', tokenHash, now);

export async function insertPasswordReset(
  db: Executor,
  row: { userId: number; requestedBy: number | null; tokenHash: string; expiresAt: string; createdAt: string },
) {
  await db
    .insertInto('password_resets')
    .values({
      user_id: row.userId,
      requested_by_user_id: row.requestedBy,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
    })
    .execute();
}

export async function insertEmailVerification(
  db: Executor,
  row: { userId: number; email: string; tokenHash: string; expiresAt: string; createdAt: string },
) {
  await db
    .insertInto('email_verifications')
    .values({
      user_id: row.userId,
      email: row.email,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
    })
    .execute();
}

/** Sets the first password of a registered account; answers false when it already has one (or is a guest). */
export async function storeFirstPassword(
  db: Executor,
  userId: number,
  passwordHash: string,
  at: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('id', '=', userId)
    .where('password_hash', 'is', null)
    .where('is_guest', '=', false)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}
