/**
 * SQLite statements prepared once per query text. Kysely's SQLite driver prepares every query it runs,
 * and in the unlock bench preparing (parsing and planning the SQL) took more than half as long as
 * running the unlock's small queries. better-sqlite3 statements can be run again with other
 * parameters, and SQLite prepares a statement again by itself when the schema changed under it (a
 * migration), so the driver is given a database whose `prepare` answers the statement it prepared for
 * the same text before.
 *
 * A statement is synchronous while it runs (`all`, `run`), so one statement serves every caller in
 * turn; only one being read row by row (`iterate`, a streamed query) is busy, and a caller then gets a
 * statement of its own. At most `maxStatements` texts are kept; past that the oldest is forgotten
 * (texts differ mostly by the length of an `in (…)` list, so few are ever forgotten).
 */
import type { Database as BetterSqlite3, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

export const MAX_CACHED_STATEMENTS = 1_000;

export function withStatementCache(sqlite: BetterSqlite3, maxStatements = MAX_CACHED_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached !== undefined && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (cached === undefined) {
        if (statements.size >= maxStatements) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
