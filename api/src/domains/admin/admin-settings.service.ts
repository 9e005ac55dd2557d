/**
 * The settings staff edit on one screen: the money settings (packages, Gold plans, rewards), owned and
 * validated by the settings domain, plus the catalogue defaults new episodes start from and the
 * feature switches. All live in the settings table, one JSON value per key; each change is audited.
 */
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { catalogueDefaults, checkedSetting, DEFAULT_CATALOGUE_DEFAULTS } from '../catalogue/catalogue-defaults';
import type { SettingKey } from '../settings/settings.schemas';
import {
  assertSettingValue,
  getSetting,
  moneySettings,
  putSetting,
  storeAuditedSetting,
} from '../settings/settings.service';
import { CatalogueDefaultsSchema, FeatureSwitchesSchema } from './admin.schemas';

export type FeatureSwitches = Static<typeof FeatureSwitchesSchema>;

export const DEFAULT_FEATURE_SWITCHES: FeatureSwitches = {
  daily_bonus: true,
  share_rewards: true,
  follow_prompt: true,
  gold_subscriptions: true,
  coin_store: true,
};

const STAFF_SETTINGS = {
  catalogue_defaults: { schema: CatalogueDefaultsSchema, fallback: DEFAULT_CATALOGUE_DEFAULTS },
  feature_switches: { schema: FeatureSwitchesSchema, fallback: DEFAULT_FEATURE_SWITCHES },
} as const;
type StaffSettingKey = keyof typeof STAFF_SETTINGS;
export type AdminSettingKey = SettingKey | StaffSettingKey;

export function featureSwitches(ctx: AppContext): Promise<FeatureSwitches> {
  const { schema, fallback } = STAFF_SETTINGS.feature_switches;
  return checkedSetting(ctx, 'feature_switches', schema, fallback);
}

export async function allSettings(ctx: AppContext) {
  const [money, catalogue_defaults, feature_switches] = await Promise.all([
    moneySettings(ctx),
    catalogueDefaults(ctx),
    featureSwitches(ctx),
  ]);
  return { ...money, catalogue_defaults, feature_switches };
}

async function currentValue(ctx: AppContext, key: AdminSettingKey): Promise<unknown> {
  if (key === 'catalogue_defaults') return catalogueDefaults(ctx);
  if (key === 'feature_switches') return featureSwitches(ctx);
  return getSetting(ctx, key);
}

export async function updateSetting(ctx: AppContext, actor: UserRow, key: AdminSettingKey, value: unknown) {
  const before = await currentValue(ctx, key);
  if (key === 'catalogue_defaults' || key === 'feature_switches') {
    assertSettingValue(STAFF_SETTINGS[key].schema, key, value);
    await storeAuditedSetting(ctx, actor, key, before, value);
    return { key, value };
  }
  // The settings domain validates and writes its own keys, with their audit row.
  return { key, value: await putSetting(ctx, actor, key, value) };
}
