/**
 * The transaction every money write runs in (unlocks, credits, webhooks, rewards, payment methods).
 *
 * SQLite: one writer at a time. A synchronous driver's transaction cannot span an await, and Kysely opens
 * its transactions with a plain (deferred) BEGIN, which can fail with SQLITE_BUSY when it later needs
 * the write lock another process holds. So the transaction is opened by hand with BEGIN IMMEDIATE on
 * Kysely's single connection: the write lock is taken up front (waiting up to busy_timeout), and
 * Kysely's connection mutex keeps other queries of this process off the connection until COMMIT.
 * Inside `work`, use only `trx` — a query on `ctx.db` would wait for this very transaction. A durable
 * transaction (`{ durable: true }`) is synced to disk before it answers, so a power cut cannot undo it.
 *
 * PostgreSQL: READ COMMITTED. Money code first locks the user's row (`lockUser`), so checks and writes
 * of one user's money are serialised while different users proceed in parallel; the conditional
 * balance update needs no retry. Deadlocks and serialisation failures are retried a few times anyway.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { Trx, UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { applyLedgerEntry, type LedgerEntry, type LedgerResult } from './coin-ledger';

const PG_RETRYABLE = new Set(['40001', '40P01']);
const PG_ATTEMPTS = 4;
/** SQLite's `pragma synchronous` levels: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA. */
const SQLITE_SYNCHRONOUS_FULL = 2;
/** SQLite result codes, as node:sqlite reports them (`errcode`, the extended code; its low byte is the primary one). */
const SQLITE_BUSY = 5;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_UNIQUE = 2067;

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function sqliteCode(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'errcode' in error ? Number(error.errcode) : undefined;
}

export interface MoneyTransactionOptions {
  /**
   * SQLite: sync this commit to disk before answering (synchronous = FULL for the transaction). The
   * database runs with synchronous = NORMAL, which keeps every commit across a killed process but may
   * lose the last ones on a power cut. That leaves a consistent state the viewer can simply redo (an
   * unlock, a claim), except where the answer goes to a party that will never send it again: the
   * card processor's webhook. PostgreSQL always syncs commits.
   */
  durable?: boolean;
}

export async function moneyTransaction<T>(
  ctx: AppContext,
  work: (trx: Trx) => Promise<T>,
  options: MoneyTransactionOptions = {},
): Promise<T> {
  const db = ctx.db;
  if (ctx.dbKind === 'sqlite') {
    try {
      return await db.connection().execute(async (connection) => {
        let previous = SQLITE_SYNCHRONOUS_FULL;
        if (options.durable) {
          const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(connection);
          previous = Number(rows[0]?.synchronous ?? SQLITE_SYNCHRONOUS_FULL);
          if (previous < SQLITE_SYNCHRONOUS_FULL) await sql`pragma synchronous = FULL`.execute(connection);
        }
        try {
          await sql`begin immediate`.execute(connection);
          try {
            // A connection-bound Kysely inside BEGIN … COMMIT is a transaction in all but its type.
            const result = await work(connection);
            await sql`commit`.execute(connection);
            return result;
          } catch (error) {
            await sql`rollback`.execute(connection).catch(() => undefined);
            throw error;
          }
        } finally {
          if (previous < SQLITE_SYNCHRONOUS_FULL) await sql.raw(`pragma synchronous = ${previous}`).execute(connection);
        }
      });
    } catch (error) {
      if (((sqliteCode(error) ?? 0) & 0xff) === SQLITE_BUSY) {
        throw new HttpError(503, 'The service is busy. Please try again in a moment.');
      }
      throw error;
    }
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= PG_ATTEMPTS || !PG_RETRYABLE.has(errorCode(error) ?? '')) throw error;
    }
  }
}

/**
 * Reads the user's row and, on PostgreSQL, locks it until the transaction ends, so "has this already
 * been applied?" checks and the writes that follow cannot interleave with another request of the same
 * user. (SQLite's BEGIN IMMEDIATE already excludes every other writer.)
 */
export async function lockUser(ctx: AppContext, trx: Trx, userId: number): Promise<UserRow | undefined> {
  const query = trx.selectFrom('users').selectAll().where('id', '=', userId);
  return ctx.dbKind === 'postgres' ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

export const GUEST_MOVED_MESSAGE =
  'This guest profile has moved to an account. Sign in to that account to go on watching.';

/**
 * Inside a money transaction that has locked `user` (`lockUser`): refuses a spend or claim by a guest
 * that was merged (or a user disabled) since the request was authenticated.
 */
export function assertCanSpend(user: UserRow | undefined): asserts user is UserRow {
  if (!user || user.merged_into_user_id !== null || !user.is_active) {
    throw new HttpError(409, GUEST_MOVED_MESSAGE, { reason: 'guest_merged' });
  }
}

/** Whether a database error is a unique-constraint violation (both engines). */
export function isUniqueViolation(error: unknown): boolean {
  const code = sqliteCode(error);
  return errorCode(error) === '23505' || code === SQLITE_CONSTRAINT_UNIQUE || code === SQLITE_CONSTRAINT_PRIMARYKEY;
}

/** `applyLedgerEntry` inside a money transaction. */
export function applyEntry(trx: Trx, entry: LedgerEntry): Promise<LedgerResult> {
  return applyLedgerEntry(trx, entry);
}
