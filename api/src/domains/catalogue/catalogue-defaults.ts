/**
 * The catalogue defaults staff set on the settings screen: how many first episodes of a new series
 * are free and what a new paid episode costs. Stored in the settings table as one JSON value; a
 * missing or hand-broken value reads as the defaults below.
 */
import { CatalogueDefaultsSchema } from '@cliffhanger/shared/contracts';
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { AppContext } from '../../context';
import { settingValue } from '../settings/settings.repository';

export type CatalogueDefaults = Static<typeof CatalogueDefaultsSchema>;

export const DEFAULT_CATALOGUE_DEFAULTS: CatalogueDefaults = { free_episodes: 3, coin_cost: 10 };

/** A staff setting stored as JSON, checked against its schema; the fallback when missing or invalid. */
export async function checkedSetting<T>(ctx: AppContext, key: string, schema: TSchema, fallback: T): Promise<T> {
  const stored = await settingValue(ctx.db, key);
  if (stored !== undefined) {
    try {
      const value: unknown = JSON.parse(stored);
      if (Value.Check(schema, value)) return value as T;
    } catch {
      // A hand-edited value that no longer parses: the default is the safe answer.
    }
  }
  return structuredClone(fallback);
}

export function catalogueDefaults(ctx: AppContext): Promise<CatalogueDefaults> {
  return checkedSetting(ctx, 'catalogue_defaults', CatalogueDefaultsSchema, DEFAULT_CATALOGUE_DEFAULTS);
}
