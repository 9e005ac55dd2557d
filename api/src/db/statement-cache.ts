/**
 * Kysely's SQLite database over Node's own `node:sqlite` (nothing to compile on install), with each
 * query text prepared once (Kysely's SQLite driver prepares every query it runs, which cost more than
 * half of a small query's time). SQLite prepares a kept statement again itself when a migration changed
 * the schema under it.
 *
 * A statement is synchronous while it runs (`all`, `run`), so one statement serves every caller in
 * turn; only one being read row by row (`iterate`, a streamed query) is busy — using it then would end
 * that reading — and a caller then gets a statement of its own. At most `maxStatements` texts are kept;
 * past that the oldest is forgotten (texts differ mostly by the length of an `in (…)` list, so few are
 * ever forgotten).
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export const MAX_CACHED_STATEMENTS = 1_000;

interface KeptStatement extends SqliteStatement {
  readonly busy: boolean;
}

/** Kysely hands parameters as one array; node:sqlite takes them as arguments. */
function forKysely(statement: StatementSync): KeptStatement {
  let reading = 0;
  return {
    get busy() {
      return reading > 0;
    },
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...(parameters as SQLInputValue[])),
    run: (parameters) => statement.run(...(parameters as SQLInputValue[])),
    *iterate(parameters) {
      reading += 1;
      try {
        yield* statement.iterate(...(parameters as SQLInputValue[]));
      } finally {
        reading -= 1;
      }
    },
  };
}

export function withStatementCache(sqlite: DatabaseSync, maxStatements = MAX_CACHED_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, KeptStatement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached !== undefined && !cached.busy) return cached;
      const statement = forKysely(sqlite.prepare(sql));
      if (cached === undefined) {
        if (statements.size >= maxStatements) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
