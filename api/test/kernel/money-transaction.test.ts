/**
 * What the money transaction makes of the database's own errors (node:sqlite reports SQLite's extended
 * result code as `errcode`, pg the SQLSTATE as `code`): a write lock held elsewhere past the wait is a
 * polite 503 that changes nothing, and a unique violation is recognised on both engines.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import type { Executor } from '../../src/db/schema';
import { isUniqueViolation, moneyTransaction } from '../../src/kernel/money-transaction';
import { databaseKinds } from '../support/databases';
import { createTestApp, type TestApp } from '../support/test-app';

const insert = (db: Executor, id: number, code: string | null) =>
  sql`insert into money_probe (id, code) values (${id}, ${code})`.execute(db);

async function errorOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected the query to fail');
}

describe.each(databaseKinds())('money transaction errors (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await sql`create table money_probe (id integer primary key, code text not null unique)`.execute(t.ctx.db);
  });
  afterAll(() => t.close());

  it('recognises a repeated unique value, and only that, as a unique violation', async () => {
    await insert(t.ctx.db, 1, 'once');
    const repeated = await errorOf(insert(t.ctx.db, 2, 'once'));
    const missing = await errorOf(insert(t.ctx.db, 3, null));
    expect(isUniqueViolation(repeated)).toBe(true);
    expect(isUniqueViolation(missing)).toBe(false);
  });

  if (kind === 'sqlite') {
    it('answers 503 and writes nothing while another process holds the write lock past the wait', async () => {
      const other = new DatabaseSync(join(t.dir, 'test.db'));
      other.exec('begin immediate');
      await sql`pragma busy_timeout = 50`.execute(t.ctx.db);
      try {
        const busy = await errorOf(moneyTransaction(t.ctx, (trx) => insert(trx, 10, 'busy')));
        expect(busy).toMatchObject({ statusCode: 503, message: expect.stringMatching(/busy/) });
      } finally {
        other.exec('rollback');
        other.close();
        await sql`pragma busy_timeout = 5000`.execute(t.ctx.db);
      }
      const rows = await sql<{ n: number }>`select count(*) as n from money_probe where id = 10`.execute(t.ctx.db);
      expect(rows.rows[0]?.n).toBe(0);
      // The lock released, the same write goes through.
      await moneyTransaction(t.ctx, (trx) => insert(trx, 10, 'busy'));
      const after = await sql<{ n: number }>`select count(*) as n from money_probe where id = 10`.execute(t.ctx.db);
      expect(after.rows[0]?.n).toBe(1);
    });
  }
});
