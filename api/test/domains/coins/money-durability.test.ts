/**
 * SQLite runs with synchronous = NORMAL: every commit survives a killed process (the crash-safety
 * test proves it) but the last ones may be lost on a power cut. A payment webhook, once answered, is
 * never delivered again, so its commit alone is synced to disk first; other writes keep the faster
 * setting.
 */
import { sql } from 'kysely';
import { moneyTransaction } from '../../../src/kernel/money-transaction';
import { createTestApp, type TestApp } from '../../support/test-app';

const FULL = 2;
const NORMAL = 1;

type Db = TestApp['ctx']['db'];

async function synchronousOf(db: Db): Promise<number> {
  const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  return Number(rows[0]?.synchronous);
}

describe('durability of money commits on SQLite', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('syncs a durable money transaction to disk and then goes back to the faster setting', async () => {
    expect(await synchronousOf(t.ctx.db)).toBe(NORMAL);
    const inside = await moneyTransaction(t.ctx, (trx) => synchronousOf(trx as unknown as Db), { durable: true });
    expect(inside).toBe(FULL);
    expect(await synchronousOf(t.ctx.db)).toBe(NORMAL);
    await expect(
      moneyTransaction(
        t.ctx,
        async () => {
          throw new Error('refused');
        },
        { durable: true },
      ),
    ).rejects.toThrow('refused');
    expect(await synchronousOf(t.ctx.db)).toBe(NORMAL);
  });

  it('keeps unlocks and claims on the faster setting', async () => {
    expect(await moneyTransaction(t.ctx, (trx) => synchronousOf(trx as unknown as Db))).toBe(NORMAL);
  });
});
