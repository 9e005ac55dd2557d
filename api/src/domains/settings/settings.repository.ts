/** SQL of the settings table: one JSON value per key. */
import type { Executor } from '../../db/schema';

/** The stored JSON text of a setting, or undefined when it was never set. */
export async function settingValue(db: Executor, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function upsertSetting(db: Executor, key: string, json: string, at: string) {
  await db
    .insertInto('settings')
    .values({ key, value: json, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: at }))
    .execute();
}
