/**
 * The unlock answers (product.md#unlocks): unlocking one episode, a viewer's auto-unlock for a series,
 * and unlocking the rest of a series for the total the server quoted. The main API and the feed API
 * answer them; the player and the wallet read them.
 */
import { Type } from '@sinclair/typebox';

/** A viewer's opt-in auto-unlock for one series (`/api/series/{id}/auto-unlock/`). */
export const AutoUnlockSettingSchema = Type.Object({
  series_id: Type.Integer(),
  enabled: Type.Boolean(),
  /** The most coins automatic unlocks may spend on this series while it is on. */
  cap: Type.Integer({ minimum: 0 }),
  /** Coins automatic unlocks spent since it was last turned on. */
  spent: Type.Integer({ minimum: 0 }),
  /** What is left of the cap (0 when off). */
  left: Type.Integer({ minimum: 0 }),
});

/** How the viewer got access: paid now, paid before, free episode, or Gold membership. */
export const UnlockViaSchema = Type.Union([
  Type.Literal('coins'),
  Type.Literal('already_unlocked'),
  Type.Literal('free'),
  Type.Literal('gold'),
]);

export const UnlockAnswerSchema = Type.Object({
  unlocked: Type.Literal(true),
  charged: Type.Integer({ minimum: 0 }),
  balance: Type.Integer({ minimum: 0 }),
  episode_id: Type.Integer(),
  via: UnlockViaSchema,
  message: Type.String(),
  /** Present on an automatic unlock: true, with the setting after its spend. */
  automatic: Type.Optional(Type.Boolean()),
  auto_unlock: Type.Optional(AutoUnlockSettingSchema),
});

/** What unlocking the rest of a series costs this viewer, computed by the server. */
export const SeriesUnlockQuoteSchema = Type.Object({
  series_id: Type.Integer(),
  /** The paid episodes of the series still locked for this viewer, in play order. */
  episode_ids: Type.Array(Type.Integer()),
  episodes: Type.Integer({ minimum: 0 }),
  coins: Type.Integer({ minimum: 0 }),
  balance: Type.Integer({ minimum: 0 }),
});

/** Episodes unlocked by the request and the coins it charged (0 and [] when nothing was left). */
export const SeriesUnlockAnswerSchema = Type.Object({
  ...SeriesUnlockQuoteSchema.properties,
  unlocked_ids: Type.Array(Type.Integer()),
  charged: Type.Integer({ minimum: 0 }),
  message: Type.String(),
});
