/**
 * Coin balances and credits. Every change goes through `applyLedgerEntry` inside `moneyTransaction`
 * with the user's row locked, so a balance always equals the sum of its ledger and never goes negative.
 */
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../admin/audit.repository';
import type { StaffTrx } from '../admin/staff.tables';
import type { CoinPackage } from '../settings/settings.schemas';
import { getSetting } from '../settings/settings.service';
import type { LedgerResult } from './coin-ledger.repository';
import type { MoneyTrx } from './money.tables';
import { applyEntry, lockUser, moneyTransaction } from './money-transaction';

/** The reasons a ledger row can have; the transactions list describes each. */
export const LEDGER_REASONS = {
  purchase: 'purchase',
  unlock: 'unlock',
  dailyBonus: 'daily_bonus',
  share: 'share',
  followPrompt: 'follow_prompt',
  registrationBonus: 'registration_bonus',
  staffGrant: 'staff_grant',
  refund: 'refund',
} as const;

export interface Credit {
  userId: number;
  delta: number;
  reason: string;
  reference: string | null;
}

/** Applies one entry inside an open money transaction, locking the user first. */
export async function applyLocked(ctx: AppContext, trx: MoneyTrx, credit: Credit): Promise<LedgerResult> {
  const user = await lockUser(ctx, trx, credit.userId);
  if (!user) throw notFound('User not found');
  return applyEntry(trx, { ...credit, createdAt: nowIso(ctx) });
}

export async function balanceOf(ctx: AppContext, userId: number): Promise<number> {
  const row = await ctx.db.selectFrom('users').select('coin_balance').where('id', '=', userId).executeTakeFirst();
  return row?.coin_balance ?? 0;
}

export async function coinPackages(ctx: AppContext): Promise<CoinPackage[]> {
  return getSetting(ctx, 'coin_packages');
}

export async function findPackage(ctx: AppContext, packageId: number): Promise<CoinPackage | undefined> {
  return (await coinPackages(ctx)).find((pkg) => pkg.id === packageId);
}

/**
 * A staff correction or gift. The idempotency key makes a retried request (double click, network
 * retry) a no-op; a charge that would take the balance below zero is refused. Every applied grant or
 * deduction leaves an audit row (who, whom, the balance before and after) in the same transaction.
 */
export async function staffGrant(
  ctx: AppContext,
  staff: UserRow,
  input: { user_id: number; amount: number; idempotency_key?: string },
) {
  const reference = input.idempotency_key ? `staff:${staff.id}:${input.idempotency_key}` : null;
  const result = await moneyTransaction(ctx, async (trx) => {
    const user = await lockUser(ctx, trx, input.user_id);
    if (!user) throw notFound('User not found');
    const at = nowIso(ctx);
    const entry = await applyEntry(trx, {
      userId: input.user_id,
      delta: input.amount,
      reason: LEDGER_REASONS.staffGrant,
      reference,
      createdAt: at,
    });
    // The audit row commits with the ledger row or not at all; a retried key writes neither again.
    if (entry.applied) {
      await recordAudit(trx as unknown as StaffTrx, {
        actor: staff,
        action: input.amount > 0 ? 'user.coins_granted' : 'user.coins_deducted',
        entity: 'user',
        entityId: input.user_id,
        before: { coin_balance: user.coin_balance },
        after: { coin_balance: entry.balance, amount: input.amount, reference },
        at,
      });
    }
    return entry;
  });
  if (!result.applied && result.why === 'insufficient_funds') {
    throw new HttpError(409, 'The balance cannot go below zero', { balance: result.balance });
  }
  return { user_id: input.user_id, applied: result.applied, balance: result.balance };
}
