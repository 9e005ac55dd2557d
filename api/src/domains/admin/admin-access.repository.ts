/** SQL of staff invitations: one-time codes kept as hashes, claimed once. */
import type { Executor } from '../../db/schema';

export async function insertInvitation(
  db: Executor,
  invitation: { code_hash: string; created_by: number; email: string | null; expires_at: string; created_at: string },
): Promise<number> {
  const row = await db.insertInto('staff_invitations').values(invitation).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findInvitationByHash(db: Executor, codeHash: string) {
  return db.selectFrom('staff_invitations').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

export function findInvitation(db: Executor, id: number) {
  return db.selectFrom('staff_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every invitation, newest first, with the addresses of who made it and who used it. */
export function invitationList(db: Executor) {
  return db
    .selectFrom('staff_invitations as i')
    .leftJoin('users as maker', 'maker.id', 'i.created_by')
    .leftJoin('users as joiner', 'joiner.id', 'i.used_by')
    .select([
      'i.id',
      'i.email',
      'i.created_at',
      'i.expires_at',
      'i.used_at',
      'i.revoked_at',
      'maker.email as created_by_email',
      'joiner.email as used_by_email',
    ])
    .orderBy('i.id', 'desc')
    .limit(200)
    .execute();
}

/**
 * Marks the invitation used if it is still pending at `at` (unused, unrevoked, unexpired); answers
 * whether this call claimed it. One conditional update, so of many racing claims exactly one wins.
 */
export async function claimInvitation(db: Executor, id: number, at: string): Promise<boolean> {
  const claimed = await db
    .updateTable('staff_invitations')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Withdraws the invitation if it is still pending at `at`; answers whether it was. */
export async function revokeInvitation(db: Executor, id: number, at: string): Promise<boolean> {
  const revoked = await db
    .updateTable('staff_invitations')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows) === 1;
}

export async function recordInvitationUser(db: Executor, id: number, userId: number) {
  await db.updateTable('staff_invitations').set({ used_by: userId }).where('id', '=', id).execute();
}

/** A user holding this e-mail address or this username, if any. */
export function userWithEmailOrUsername(db: Executor, email: string, username: string) {
  return db
    .selectFrom('users')
    .select(['email', 'username'])
    .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', username)]))
    .executeTakeFirst();
}

/** Withdraws every pending invitation for `email` at `at` (a new one replaces them); answers their ids. */
export async function revokePendingFor(db: Executor, email: string, at: string): Promise<number[]> {
  const rows = await db
    .updateTable('staff_invitations')
    .set({ revoked_at: at })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
