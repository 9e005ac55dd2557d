/** SQL of staff invitations: one-time codes kept as hashes, claimed once. */
import type { Executor } from '../../db/schema';

export async function insertInvitation(
  db: Executor,
  invitation: { code_hash: string; created_by: number; expires_at: string; created_at: string },
): Promise<number> {
  const row = await db.insertInto('staff_invitations').values(invitation).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findInvitationByHash(db: Executor, codeHash: string) {
  return db.selectFrom('staff_invitations').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Marks the invitation used unless it already was; answers whether this call claimed it. */
export async function claimInvitation(db: Executor, id: number, at: string): Promise<boolean> {
  const claimed = await db
    .updateTable('staff_invitations')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
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
