/**
 * The money settings (product.md#coins, product.md#gold): coin packages, Gold plans, reward amounts
 * and the first-purchase offer, as staff configure them and as viewers' answers carry them, with the
 * coin answers built from them (the balance, the offer a viewer gets now). Each key of the settings
 * table holds one of these as JSON.
 */
import { Type } from '@sinclair/typebox';
import { titleTranslationsSchema } from './catalogue';

/** The most characters a pack's, plan's or offer's title may have, in any language. */
export const SETTING_TITLE_MAX_LENGTH = 80;
/** A stored id: a 32-bit integer column. */
const RowId = () => Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
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
    id: RowId(),
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

/**
 * What Gold opens, counted by the server from the catalogue as viewers see it right now
 * (`GET /api/subscriptions/gold-offer/`), so the Gold page states facts rather than promises.
 */
export const GoldOfferSchema = Type.Object({
  /** Paid episodes of ordinary series (each costs coins without Gold). */
  coin_episodes: Type.Integer({ minimum: 0 }),
  gold_exclusive_series: Type.Integer({ minimum: 0 }),
  /** Paid episodes of Gold exclusives: only members can watch them. */
  gold_only_episodes: Type.Integer({ minimum: 0 }),
  /** Free episodes of Gold exclusives: everyone can watch them. */
  gold_exclusive_free_episodes: Type.Integer({ minimum: 0 }),
});

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

/** What the first-purchase offer changes: more coins for the package's price, or the package's coins for less. */
export const FirstPurchaseOfferKindSchema = Type.Union([Type.Literal('extra_coins'), Type.Literal('lower_price')]);

/**
 * The first-purchase offer staff may run on one coin package (shared/src/first-purchase-offer.ts):
 * extra coins, or a lower price, for a viewer's first top-up. The rules that span fields (the package
 * exists, the price is really lower, the end date is ahead) are checked by the settings service.
 */
export const FirstPurchaseOfferSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    package_id: RowId(),
    kind: FirstPurchaseOfferKindSchema,
    /** With `extra_coins`: coins added on top of the package's coins and bonus. */
    extra_coins: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    /** With `lower_price`: the price charged instead of the package's, in major units. */
    price: Type.Optional(Price),
    /** What viewers see, e.g. "Your first top-up: double coins". */
    title: Type.String({ minLength: 1, maxLength: SETTING_TITLE_MAX_LENGTH, pattern: '\\S' }),
    translations: TitleTranslations(),
    /** The offer ends at this moment; absent: no end date. */
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

export const MoneySettingsAnswer = Type.Object({
  coin_packages: SettingsSchemas.coin_packages,
  gold_plans: SettingsSchemas.gold_plans,
  rewards: RewardSettingsSchema,
});

/** `GET /api/coins/balance/`. */
export const BalanceAnswer = Type.Object({
  balance: Type.Integer(),
  /**
   * Coins taken back by a refund or dispute after they were spent: never a negative balance, this
   * debt is paid first from the next coins the viewer gets. 0 when nothing is owed.
   */
  owed: Type.Integer({ minimum: 0 }),
});

/** `GET /api/coins/first-purchase-offer/`: the offer this viewer would get now. */
export const FirstPurchaseOfferView = Type.Object({
  package_id: Type.Integer(),
  kind: FirstPurchaseOfferKindSchema,
  title: Type.String(),
  /** The title by language as staff wrote it; the viewer's language's title replaces `title`. */
  translations: FirstPurchaseOfferSchema.properties.translations,
  /** Every coin the viewer gets with the offer (package coins, bonus and extra). */
  coins: Type.Integer(),
  /** What the checkout charges. */
  price: Type.Number(),
  /** The package's usual coins and price, to show what the offer changes. */
  regular_coins: Type.Integer(),
  regular_price: Type.Number(),
  currency: Type.String(),
  ends_at: Type.Union([Type.String(), Type.Null()]),
});
export const FirstPurchaseOfferAnswer = Type.Object({
  /** The offer this viewer gets on a checkout of its package started now; null when none. */
  offer: Type.Union([FirstPurchaseOfferView, Type.Null()]),
});

export const CatalogueDefaultsSchema = Type.Object(
  {
    /** New episodes numbered up to this are free. */
    free_episodes: Type.Integer({ minimum: 0, maximum: 1_000 }),
    /** The coin price a new paid episode starts with (a paid episode costs at least 1; free is a flag). */
    coin_cost: Type.Integer({ minimum: 1, maximum: 100_000 }),
  },
  { additionalProperties: false },
);

export const FeatureSwitchesSchema = Type.Object(
  {
    daily_bonus: Type.Boolean(),
    share_rewards: Type.Boolean(),
    follow_prompt: Type.Boolean(),
    gold_subscriptions: Type.Boolean(),
    coin_store: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** `GET /api/admin/settings/`: every setting staff may change. */
export const AdminSettingsAnswer = Type.Object({
  ...MoneySettingsAnswer.properties,
  /** Staff only: viewers learn of the offer through GET /api/coins/first-purchase-offer/, if it is theirs. */
  first_purchase_offer: SettingsSchemas.first_purchase_offer,
  catalogue_defaults: CatalogueDefaultsSchema,
  feature_switches: FeatureSwitchesSchema,
});
