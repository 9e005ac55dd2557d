/**
 * Each SQLite query text is prepared once (db/statement-cache.ts): the same text gets the same
 * statement back, with the answers of its own parameters; a statement being read row by row is never
 * handed to another caller; a schema change under a kept statement is seen; and the cache stays bounded.
 */
import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { withStatementCache } from '../../src/db/statement-cache';

function openMemory() {
  const sqlite = new DatabaseSync(':memory:');
  sqlite.exec('create table t (id integer primary key, name text)');
  sqlite.exec("insert into t (id, name) values (1, 'one'), (2, 'two'), (3, 'three')");
  return sqlite;
}

describe('SQLite statements prepared once per query text', () => {
  it('answers the same statement for the same text, with each call’s own parameters', () => {
    const sqlite = openMemory();
    const cached = withStatementCache(sqlite);
    const first = cached.prepare('select name from t where id = ?');
    const again = cached.prepare('select name from t where id = ?');
    expect(again).toBe(first);
    expect(first.all([1])).toEqual([{ name: 'one' }]);
    expect(again.all([3])).toEqual([{ name: 'three' }]);
    cached.close();
  });

  it('gives a statement of its own to a caller while the kept one is read row by row', () => {
    const sqlite = openMemory();
    const cached = withStatementCache(sqlite);
    const text = 'select id from t order by id';
    const reading = cached.prepare(text);
    const rows = reading.iterate([]);
    expect(rows.next().value).toEqual({ id: 1 });
    const other = cached.prepare(text);
    expect(other).not.toBe(reading);
    expect(other.all([])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect([...rows]).toEqual([{ id: 2 }, { id: 3 }]);
    // Done reading: the kept statement serves again.
    expect(cached.prepare(text)).toBe(reading);
    cached.close();
  });

  it('sees a column added after the statement was kept', () => {
    const sqlite = openMemory();
    const cached = withStatementCache(sqlite);
    const text = 'select * from t where id = ?';
    expect(cached.prepare(text).all([2])).toEqual([{ id: 2, name: 'two' }]);
    sqlite.exec("alter table t add column mood text not null default 'calm'");
    expect(cached.prepare(text).all([2])).toEqual([{ id: 2, name: 'two', mood: 'calm' }]);
    cached.close();
  });

  it('keeps at most the texts it is allowed, forgetting the oldest first', () => {
    const sqlite = openMemory();
    const cached = withStatementCache(sqlite, 2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    cached.prepare('select 3');
    expect(cached.prepare('select 2')).toBe(b);
    expect(cached.prepare('select 1')).not.toBe(a);
    cached.close();
  });

  it('runs Kysely’s reads, writes and transactions through the kept statements', async () => {
    const sqlite = openMemory();
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    for (let id = 10; id < 20; id += 1)
      await db
        .insertInto('t')
        .values({ id, name: `n${id}` })
        .execute();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('t').set({ name: 'changed' }).where('id', '=', 12).execute();
      await trx.deleteFrom('t').where('id', '=', 13).execute();
    });
    const count = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(count.rows[0]?.n).toBe(12);
    const twelve = await db.selectFrom('t').select('name').where('id', '=', 12).executeTakeFirst();
    expect(twelve?.name).toBe('changed');
    await db.destroy();
  });
});
