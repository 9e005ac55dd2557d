/** The database's pulse: the cheapest query that proves it answers. */
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
