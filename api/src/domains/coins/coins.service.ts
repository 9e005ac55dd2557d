/**
 * Coin balances and credits. Every change goes through `applyLedgerEntry` inside `moneyTransaction`
 * with the user's row locked, so a balance always equals the sum of its ledger and never goes negative.
 */
import { LEDGER_REASONS } from '@cliffhanger/shared/contracts';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { UserRow } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import type { LedgerResult } from '../../kernel/coin-ledger';
import { applyEntry, lockUser, moneyTransaction } from '../../kernel/money-transaction';
import type { CoinPackage } from '../settings/settings.schemas';
import { getSetting } from '../settings/settings.service';
import { coinBalanceOf, userExists } from '../users/users.repository';

/** The reasons a ledger row can have (declared in shared); the transactions list describes each. */
export { LEDGER_REASONS };

export interface Credit {
  userId: number;
  delta: number;
  reason: string;
  reference: string | null;
}

export async function balanceOf(ctx: AppContext, userId: number): Promise<number> {
  return (await coinBalanceOf(ctx.db, userId)) ?? 0;
}

/** 404 unless the user exists. */
export async function assertUserExists(ctx: AppContext, userId: number): Promise<void> {
  if (!(await userExists(ctx.db, userId))) throw notFound('User not found');
}

export async function coinPackages(ctx: AppContext): Promise<CoinPackage[]> {
  return getSetting(ctx, 'coin_packages');
}

export async function findPackage(ctx: AppContext, packageId: number): Promise<CoinPackage | undefined> {
  return (await coinPackages(ctx)).find((pkg) => pkg.id === packageId);
}

export interface StaffAdjustment {
  userId: number;
  /** Positive grants, negative deductions. */
  amount: number;
  /** The ledger reference that makes a retry a no-op; null applies the entry every time. */
  reference: string | null;
  /** The staff member's stated reason: kept on the ledger row (`note`, shown to staff) and in the audit. */
  reason: string;
}

/**
 * Who may change whose balance by how much. Nobody changes their own balance (another staff member
 * must), and a grant above `limit` coins needs a superuser. Deductions have no limit: they take coins
 * away, and cannot go below zero.
 */
export function checkStaffAdjustment(staff: UserRow, userId: number, amount: number, limit: number) {
  if (staff.id === userId) {
    throw forbidden('You cannot change your own coin balance. Please ask another staff member.');
  }
  if (amount > limit && !staff.is_superuser) {
    throw forbidden(`Grants of more than ${limit} coins need a superuser. Please ask one to make this grant.`, {
      limit,
    });
  }
}

/**
 * A staff grant or deduction with its audit row, in one money transaction. The balance the audit
 * calls "before" is read from the user's row after it is locked (FOR UPDATE on PostgreSQL, the write
 * lock on SQLite), so no concurrent change of the same balance can slip in between that read and the
 * update: each audit row's "before" is the "after" of the change preceding it. A retried reference
 * writes neither a ledger row nor an audit row; a charge that would go below zero writes neither.
 */
export async function applyStaffAdjustment(
  ctx: AppContext,
  staff: UserRow,
  adjustment: StaffAdjustment,
): Promise<LedgerResult> {
  return moneyTransaction(ctx, async (trx) => {
    const user = await lockUser(ctx, trx, adjustment.userId);
    if (!user) throw notFound('User not found');
    const at = nowIso(ctx);
    const entry = await applyEntry(trx, {
      userId: adjustment.userId,
      delta: adjustment.amount,
      reason: LEDGER_REASONS.staffGrant,
      reference: adjustment.reference,
      note: adjustment.reason,
      createdAt: at,
    });
    if (entry.applied) {
      await recordAudit(trx, {
        actor: staff,
        action: adjustment.amount > 0 ? 'user.coins_granted' : 'user.coins_deducted',
        entity: 'user',
        entityId: adjustment.userId,
        before: { coin_balance: user.coin_balance },
        after: {
          coin_balance: entry.balance,
          amount: adjustment.amount,
          reason: adjustment.reason,
          reference: adjustment.reference,
        },
        at,
      });
    }
    return entry;
  });
}

/**
 * A staff correction or gift (`POST /api/coins/grant/`). The idempotency key makes a retried request
 * (double click, network retry) a no-op; a charge that would take the balance below zero is refused.
 */
export async function staffGrant(
  ctx: AppContext,
  staff: UserRow,
  input: { user_id: number; amount: number; reason: string; idempotency_key?: string },
  limit: number,
) {
  checkStaffAdjustment(staff, input.user_id, input.amount, limit);
  const reference = input.idempotency_key ? `staff:${staff.id}:${input.idempotency_key}` : null;
  const result = await applyStaffAdjustment(ctx, staff, {
    userId: input.user_id,
    amount: input.amount,
    reference,
    reason: input.reason.trim(),
  });
  if (!result.applied && result.why === 'insufficient_funds') {
    throw new HttpError(409, `The balance cannot go below zero: this user has ${result.balance} coins`, {
      balance: result.balance,
    });
  }
  return { user_id: input.user_id, applied: result.applied, balance: result.balance };
}
