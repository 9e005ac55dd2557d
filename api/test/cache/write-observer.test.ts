import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect } from 'kysely';
import { describeWrite, type ObservedWrite, WriteObserverPlugin } from '../../src/cache/write-observer';
import { withStatementCache } from '../../src/db/statement-cache';

// biome-ignore lint/suspicious/noExplicitAny: a schema-less database for building query trees
const db = new Kysely<any>({
  dialect: new SqliteDialect({ database: withStatementCache(new DatabaseSync(':memory:')) }),
});

describe('the write observer', () => {
  it('names the table, the updated columns and the row ids a write is limited to', () => {
    expect(
      describeWrite(
        db.updateTable('users').set({ is_premium: true, updated_at: 'now' }).where('id', '=', 7).toOperationNode(),
      ),
    ).toEqual({ table: 'users', kind: 'update', columns: ['is_premium', 'updated_at'], ids: [7] });
    expect(
      describeWrite(
        db
          .updateTable('users')
          .set({ coin_balance: 1 })
          .where('id', '=', 3)
          .where('coin_balance', '>=', 0)
          .toOperationNode(),
      )?.ids,
    ).toEqual([3]);
    expect(describeWrite(db.deleteFrom('users').where('id', 'in', [1, 2]).toOperationNode())).toEqual({
      table: 'users',
      kind: 'delete',
      columns: [],
      ids: [1, 2],
    });
  });

  it('reports a write that may touch any row as such (no ids)', () => {
    expect(describeWrite(db.updateTable('users').set({ is_premium: false }).toOperationNode())?.ids).toBeNull();
    expect(describeWrite(db.updateTable('users').set({ a: 1 }).where('email', '=', 'x').toOperationNode())?.ids).toBe(
      null,
    );
    expect(
      describeWrite(
        db
          .updateTable('users')
          .set({ a: 1 })
          .where((eb) => eb.or([eb('id', '=', 1), eb('id', '=', 2)]))
          .toOperationNode(),
      )?.ids,
    ).toBeNull();
    expect(describeWrite(db.insertInto('series').values({ id: 1 }).toOperationNode())).toEqual({
      table: 'series',
      kind: 'insert',
      columns: [],
      ids: null,
    });
  });

  it('ignores reads', () => {
    expect(describeWrite(db.selectFrom('users').selectAll().where('id', '=', 1).toOperationNode())).toBeNull();
  });

  it('reports a write once its statement has run, and a failed statement not at all', async () => {
    const seen: ObservedWrite[] = [];
    const observed = db.withPlugin(new WriteObserverPlugin((write) => seen.push(write)));
    await observed.schema
      .createTable('things')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
    await observed.insertInto('things').values({ id: 1 }).execute();
    await observed.selectFrom('things').selectAll().execute();
    // The driver's error may come from another test file's realm, so it is checked by presence, not class.
    const failure = await observed
      .insertInto('no_such_table')
      .values({ id: 2 })
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).not.toBeNull();
    await observed.deleteFrom('things').where('id', '=', 1).execute();
    expect(seen.map((write) => `${write.kind} ${write.table}`)).toEqual(['insert things', 'delete things']);
  });
});
