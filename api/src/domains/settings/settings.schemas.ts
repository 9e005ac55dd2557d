/**
 * The money settings: coin packages, Gold plans and reward amounts. Each key of the settings table
 * holds one of these as JSON; a key that was never set answers its default (settings.service.ts).
 */
import { type Static, Type } from '@sinclair/typebox';
import { IdParams, titleTranslationsSchema } from '../../http/schemas';

/** The most characters a pack's, plan's or offer's title may have, in any language. */
export const SETTING_TITLE_MAX_LENGTH = 80;
const Title = Type.String({ minLength: 1, maxLength: SETTING_TITLE_MAX_LENGTH });
/** The title in the viewer's language (`{ ru: { title } }`); a viewer whose language has none sees `title`. */
const TitleTranslations = () =>
  Type.Optional(
    titleTranslationsSchema(
      SETTING_TITLE_MAX_LENGTH,
      'The title by language (en, ru), as { title }; a language may be left out and then shows title',
    ),
  );

const Currency = Type.String({ pattern: '^[a-z]{3}$', description: 'ISO 4217, lower case (rub, usd …)' });
/** A price in major units (roubles, dollars); charged rounded to minor units (kopecks, cents). */
const Price = Type.Number({ minimum: 0.01, maximum: 1_000_000 });

export const CoinPackageSchema = Type.Object(
  {
    /** Payments keep it in a 32-bit column. */
    id: IdParams.properties.id,
    coins: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    bonus_coins: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    price: Price,
    currency: Currency,
    title: Title,
    translations: TitleTranslations(),
    is_popular: Type.Boolean(),
  },
  { additionalProperties: false },
);

/**
 * A Gold plan's id. Plans are settings (staff add and rename them, `gold_plans`), not a fixed list, so
 * the id has a form rather than a list of values; subscriptions keep the id they were bought under.
 */
export const PlanId = Type.String({ pattern: '^[a-z][a-z0-9_-]{0,31}$', maxLength: 32 });

export const GoldPlanSchema = Type.Object(
  {
    id: PlanId,
    name: Type.Literal('Gold'),
    interval: Type.Union([Type.Literal('month'), Type.Literal('year')]),
    price: Price,
    currency: Currency,
    title: Title,
    translations: TitleTranslations(),
  },
  { additionalProperties: false },
);

export const RewardSettingsSchema = Type.Object(
  {
    /** Coins for day 1…7 of a daily-bonus streak; the calendar starts over after the last day. */
    daily_bonus: Type.Array(Type.Integer({ minimum: 0, maximum: 100_000 }), { minItems: 1, maxItems: 31 }),
    /** Coins per share, once per channel per UTC day. */
    share_coins: Type.Integer({ minimum: 0, maximum: 100_000 }),
    /** Coins for following the product from the hidden follow prompt, once per user. */
    follow_prompt_coins: Type.Integer({ minimum: 0, maximum: 100_000 }),
  },
  { additionalProperties: false },
);

/**
 * The first-purchase offer staff may run on one coin package (shared/src/first-purchase-offer.ts):
 * extra coins, or a lower price, for a viewer's first top-up. The rules that span fields (the package
 * exists, the price is really lower, the end date is ahead) are checked by the settings service.
 */
export const FirstPurchaseOfferSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    package_id: IdParams.properties.id,
    kind: Type.Union([Type.Literal('extra_coins'), Type.Literal('lower_price')]),
    extra_coins: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    price: Type.Optional(Price),
    title: Type.String({ minLength: 1, maxLength: SETTING_TITLE_MAX_LENGTH, pattern: '\\S' }),
    translations: TitleTranslations(),
    ends_at: Type.Optional(
      Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?Z$',
        description: 'ISO 8601 UTC',
      }),
    ),
  },
  { additionalProperties: false },
);

export const SettingsSchemas = {
  coin_packages: Type.Array(CoinPackageSchema, { minItems: 1, maxItems: 20 }),
  gold_plans: Type.Array(GoldPlanSchema, { minItems: 1, maxItems: 10 }),
  rewards: RewardSettingsSchema,
  /** null: no offer configured. */
  first_purchase_offer: Type.Union([FirstPurchaseOfferSchema, Type.Null()]),
} as const;

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

export const MoneySettingsAnswer = Type.Object({
  coin_packages: SettingsSchemas.coin_packages,
  gold_plans: SettingsSchemas.gold_plans,
  rewards: RewardSettingsSchema,
});
