/**
 * Settings with defaults: the amounts of the money domains live here, not in their code. Staff change
 * them through `PUT /api/settings/{key}/`; every value is checked against its schema on the way in and
 * again on the way out (a hand-edited row that no longer fits falls back to the default). Every change
 * leaves an audit row (who, when, the value before and after) in the same transaction as the write.
 */
import { DEFAULT_CURRENCY, FOLLOW_PROMPT_COINS } from '@cliffhanger/shared/constants';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { cleanTitleTranslations } from '../../http/schemas';
import { recordAudit } from '../../kernel/audit-log';
import { settingValue, upsertSetting } from './settings.repository';
import {
  type CoinPackage,
  type FirstPurchaseOffer,
  FirstPurchaseOfferSchema,
  type MoneySettings,
  type SettingKey,
  SettingsSchemas,
} from './settings.schemas';

export const DEFAULT_SETTINGS: MoneySettings = {
  coin_packages: [
    {
      id: 1,
      coins: 100,
      bonus_coins: 0,
      price: 99,
      currency: DEFAULT_CURRENCY,
      title: 'Starter',
      translations: { ru: { title: 'Для начала' } },
      is_popular: false,
    },
    {
      id: 2,
      coins: 300,
      bonus_coins: 30,
      price: 279,
      currency: DEFAULT_CURRENCY,
      title: 'Popular',
      translations: { ru: { title: 'Оптимальный' } },
      is_popular: true,
    },
    {
      id: 3,
      coins: 600,
      bonus_coins: 90,
      price: 499,
      currency: DEFAULT_CURRENCY,
      title: 'Binge',
      translations: { ru: { title: 'Запоем' } },
      is_popular: false,
    },
    {
      id: 4,
      coins: 1200,
      bonus_coins: 240,
      price: 899,
      currency: DEFAULT_CURRENCY,
      title: 'Marathon',
      translations: { ru: { title: 'Марафон' } },
      is_popular: false,
    },
    {
      id: 5,
      coins: 3000,
      bonus_coins: 900,
      price: 1990,
      currency: DEFAULT_CURRENCY,
      title: 'Best value',
      translations: { ru: { title: 'Самый выгодный' } },
      is_popular: false,
    },
  ],
  gold_plans: [
    {
      id: 'monthly',
      name: 'Gold',
      interval: 'month',
      price: 299,
      currency: DEFAULT_CURRENCY,
      title: 'Gold monthly',
      translations: { ru: { title: 'Gold на месяц' } },
    },
    {
      id: 'yearly',
      name: 'Gold',
      interval: 'year',
      price: 2490,
      currency: DEFAULT_CURRENCY,
      title: 'Gold yearly',
      translations: { ru: { title: 'Gold на год' } },
    },
  ],
  rewards: {
    daily_bonus: [10, 15, 20, 25, 30, 40, 60],
    share_coins: 10,
    follow_prompt_coins: FOLLOW_PROMPT_COINS,
  },
  first_purchase_offer: null,
};

export async function getSetting<K extends SettingKey>(ctx: AppContext, key: K): Promise<MoneySettings[K]> {
  const stored = await settingValue(ctx.db, key);
  if (stored !== undefined) {
    try {
      const value: unknown = JSON.parse(stored);
      if (Value.Check(SettingsSchemas[key], value)) return value as MoneySettings[K];
    } catch {
      // Unparseable: the default below is the safe answer.
    }
  }
  return structuredClone(DEFAULT_SETTINGS[key]);
}

export async function moneySettings(ctx: AppContext): Promise<MoneySettings> {
  const [coin_packages, gold_plans, rewards, first_purchase_offer] = await Promise.all([
    getSetting(ctx, 'coin_packages'),
    getSetting(ctx, 'gold_plans'),
    getSetting(ctx, 'rewards'),
    getSetting(ctx, 'first_purchase_offer'),
  ]);
  return { coin_packages, gold_plans, rewards, first_purchase_offer };
}

function assertUniqueIds(items: Array<{ id: number | string }>, what: string) {
  if (new Set(items.map((item) => item.id)).size !== items.length) throw badRequest(`Every ${what} needs its own id`);
}

export async function putSetting(
  ctx: AppContext,
  actor: UserRow,
  key: SettingKey,
  value: unknown,
): Promise<MoneySettings[SettingKey]> {
  if (key === 'first_purchase_offer') {
    // null takes the offer down; anything else is an offer, checked field by field.
    if (value !== null) {
      assertSettingValue(FirstPurchaseOfferSchema, key, value);
      assertOfferFits(value as FirstPurchaseOffer, await getSetting(ctx, 'coin_packages'), new Date(nowIso(ctx)));
    }
  } else assertSettingValue(SettingsSchemas[key], key, value);
  const stored = withCleanTranslations(key, value);
  if (key === 'coin_packages') assertUniqueIds(stored as MoneySettings['coin_packages'], 'coin package');
  if (key === 'gold_plans') assertUniqueIds(stored as MoneySettings['gold_plans'], 'plan');
  // What viewers were offered until now: the stored value, or the default when none was stored.
  const before = await getSetting(ctx, key);
  await storeAuditedSetting(ctx, actor, key, before, stored);
  return stored as MoneySettings[SettingKey];
}

/** An item's names by language trimmed, blank ones left out, and no `translations` when none is left. */
function cleanItem<T extends { translations?: unknown }>(item: T): T {
  const { translations, ...rest } = item;
  const clean = cleanTitleTranslations(translations);
  return (clean ? { ...rest, translations: clean } : rest) as T;
}

/** A checked value as it is stored: the titles staff left blank in a language are no translation at all. */
function withCleanTranslations(key: SettingKey, value: unknown): unknown {
  if (key === 'coin_packages' || key === 'gold_plans')
    return (value as Array<{ translations?: unknown }>).map(cleanItem);
  if (key === 'first_purchase_offer' && value !== null) return cleanItem(value as { translations?: unknown });
  return value;
}

/**
 * The rules of an offer that span its fields: it names a package on sale, says exactly what it changes
 * (extra coins, or a price really lower than the package's), and an end date still ahead.
 */
export function assertOfferFits(offer: FirstPurchaseOffer, packages: CoinPackage[], now: Date): void {
  const pkg = packages.find((candidate) => candidate.id === offer.package_id);
  if (!pkg) throw badRequest(`Invalid first_purchase_offer: there is no coin package with id ${offer.package_id}`);
  if (offer.kind === 'extra_coins') {
    if (offer.extra_coins === undefined) {
      throw badRequest('Invalid first_purchase_offer: extra_coins is required for an extra-coins offer');
    }
    if (offer.price !== undefined) {
      throw badRequest('Invalid first_purchase_offer: an extra-coins offer keeps the package price; leave out price');
    }
  } else {
    if (offer.price === undefined) {
      throw badRequest('Invalid first_purchase_offer: price is required for a lower-price offer');
    }
    if (offer.extra_coins !== undefined) {
      throw badRequest(
        'Invalid first_purchase_offer: a lower-price offer keeps the package coins; leave out extra_coins',
      );
    }
    if (Math.round(offer.price * 100) >= Math.round(pkg.price * 100)) {
      throw badRequest(`Invalid first_purchase_offer: price must be lower than the package price of ${pkg.price}`);
    }
  }
  if (offer.ends_at !== undefined) {
    const end = Date.parse(offer.ends_at);
    if (Number.isNaN(end)) throw badRequest('Invalid first_purchase_offer: ends_at is not a real date');
    if (offer.enabled && end <= now.getTime()) {
      throw badRequest('Invalid first_purchase_offer: ends_at has already passed');
    }
  }
}

/** A clear 400 naming the first thing wrong when a value does not match its setting's schema. */
export function assertSettingValue(schema: TSchema, key: string, value: unknown): void {
  if (Value.Check(schema, value)) return;
  const first = [...Value.Errors(schema, value)][0];
  throw badRequest(
    `Invalid ${key}: ${first ? `${first.path || 'value'} ${first.message}` : 'does not match the schema'}`,
  );
}

/** Stores a setting and its audit row (who, what it was, what it is) in one transaction. */
export async function storeAuditedSetting(
  ctx: AppContext,
  actor: UserRow,
  key: string,
  before: unknown,
  value: unknown,
): Promise<void> {
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await upsertSetting(trx, key, JSON.stringify(value), at);
    await recordAudit(trx, {
      actor,
      action: 'settings.update',
      entity: 'settings',
      entityId: key,
      before,
      after: value,
      at,
    });
  });
}
