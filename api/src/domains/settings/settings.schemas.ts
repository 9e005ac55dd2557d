/**
 * The money settings: coin packages, Gold plans and reward amounts. Each key of the settings table
 * holds one of these as JSON; a key that was never set answers its default (settings.service.ts).
 */
import {
  type CoinPackageSchema,
  type FirstPurchaseOfferSchema,
  type GoldPlanSchema,
  type RewardSettingsSchema,
  SettingsSchemas,
} from '@cliffhanger/shared/contracts';
import { type Static, Type } from '@sinclair/typebox';

// The settings' shapes are declared once in the shared contracts.
export {
  type CoinPackageSchema,
  FirstPurchaseOfferSchema,
  GoldPlanSchema,
  MoneySettingsAnswer,
  PlanId,
  RewardSettingsSchema,
  SETTING_TITLE_MAX_LENGTH,
  SettingsSchemas,
} from '@cliffhanger/shared/contracts';

export type SettingKey = keyof typeof SettingsSchemas;
export type CoinPackage = Static<typeof CoinPackageSchema>;
export type GoldPlan = Static<typeof GoldPlanSchema>;
export type RewardSettings = Static<typeof RewardSettingsSchema>;
export type FirstPurchaseOffer = Static<typeof FirstPurchaseOfferSchema>;
export interface MoneySettings {
  coin_packages: CoinPackage[];
  gold_plans: GoldPlan[];
  rewards: RewardSettings;
  first_purchase_offer: FirstPurchaseOffer | null;
}

export const SettingKeyParams = Type.Object({
  key: Type.Union((Object.keys(SettingsSchemas) as SettingKey[]).map((key) => Type.Literal(key))),
});
