/** SQL for user rows. Every function takes the database or a transaction first. */
import type { Executor, NewUser, UserRow, UserUpdate } from '../../db/schema';

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Usernames are unique whatever their case (index users_username_lower_unique), and found the same way. */
export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export function findUserByGuestId(db: Executor, guestId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('guest_id', '=', guestId).executeTakeFirst();
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Executor, id: number, changes: UserUpdate): Promise<UserRow | undefined> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function isUsernameTaken(db: Executor, username: string, exceptUserId?: number): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()));
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A free username derived from an e-mail address: "jane.doe@x" → "jane.doe", then "jane.doe4821". */
export async function usernameFor(db: Executor, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9_.-]/g, '')
      .slice(0, 30) || 'viewer';
  if (!(await isUsernameTaken(db, base))) return base;
  for (;;) {
    const candidate = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
}

export async function userExists(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The user's coin balance, or undefined when there is no such user. */
export async function coinBalanceOf(db: Executor, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('coin_balance').where('id', '=', id).executeTakeFirst();
  return row?.coin_balance;
}
