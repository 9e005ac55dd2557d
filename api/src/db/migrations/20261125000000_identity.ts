/**
 * Identity rules (issue #14):
 * - usernames and e-mail addresses are unique whatever their case: existing clashes are resolved
 *   first (the oldest account keeps the name; a later one becomes `<name>_<id>`; a later e-mail that
 *   differs only in case is cleared, so that account signs in by username until staff fix it), then
 *   unique indexes on lower(username) and lower(email) take over;
 * - sign-in and password-reset links remember the guest session that asked for them
 *   (`requested_by_user_id`), so only that guest's data moves when the link is used;
 * - login_throttles: failed password sign-ins per account, for the per-account slow-down.
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function resolveUsernameClashes(db: Kysely<any>) {
  const groups = await sql<{ key: string }>`
    select lower(username) as key from users group by lower(username) having count(*) > 1`.execute(db);
  for (const { key } of groups.rows) {
    const rows = await sql<{ id: number; username: string }>`
      select id, username from users where lower(username) = ${key} order by id`.execute(db);
    for (const row of rows.rows.slice(1)) {
      let candidate = `${row.username}_${row.id}`;
      for (let n = 2; ; n += 1) {
        const taken = await sql`select 1 from users where lower(username) = ${candidate.toLowerCase()}`.execute(db);
        if (taken.rows.length === 0) break;
        candidate = `${row.username}_${row.id}_${n}`;
      }
      await sql`update users set username = ${candidate} where id = ${row.id}`.execute(db);
    }
  }
}

async function resolveEmailClashes(db: Kysely<any>) {
  const groups = await sql<{ key: string }>`
    select lower(email) as key from users where email is not null group by lower(email) having count(*) > 1`.execute(
    db,
  );
  for (const { key } of groups.rows) {
    const rows = await sql<{ id: number }>`select id from users where lower(email) = ${key} order by id`.execute(db);
    for (const row of rows.rows.slice(1)) {
      await sql`update users set email = null where id = ${row.id}`.execute(db);
    }
  }
  await sql`update users set email = lower(email) where email is not null and email <> lower(email)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? 'timestamptz' : 'text';

  await resolveUsernameClashes(db);
  await resolveEmailClashes(db);
  await sql`create unique index users_username_lower_unique on users (lower(username))`.execute(db);
  await sql`create unique index users_email_lower_unique on users (lower(email))`.execute(db);

  for (const table of ['magic_links', 'password_resets']) {
    await db.schema
      .alterTable(table)
      .addColumn('requested_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  }

  await db.schema
    .createTable('login_throttles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failure_at', timestamp)
    .addColumn('blocked_until', timestamp)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttles').ifExists().execute();
  for (const table of ['magic_links', 'password_resets']) {
    await db.schema.alterTable(table).dropColumn('requested_by_user_id').execute();
  }
  await sql`drop index if exists users_email_lower_unique`.execute(db);
  await sql`drop index if exists users_username_lower_unique`.execute(db);
}
