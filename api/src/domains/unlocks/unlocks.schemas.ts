/** Schemas of the unlock answers, shared by the main API and the feed API. */
import { Type } from '@sinclair/typebox';

export const UnlockAnswerSchema = Type.Object({
  unlocked: Type.Literal(true),
  charged: Type.Integer({ minimum: 0 }),
  balance: Type.Integer({ minimum: 0 }),
  episode_id: Type.Integer(),
  via: Type.Union([
    Type.Literal('coins'),
    Type.Literal('already_unlocked'),
    Type.Literal('free'),
    Type.Literal('gold'),
  ]),
  message: Type.String(),
});

/** 402: too few coins; nothing was changed. */
export const InsufficientCoinsAnswer = Type.Object({
  message: Type.String(),
  coin_cost: Type.Integer(),
  balance: Type.Integer(),
  reason: Type.Literal('insufficient_coins'),
});

/** What unlocking the rest of a series costs this viewer, computed by the server. */
export const SeriesUnlockQuoteSchema = Type.Object({
  series_id: Type.Integer(),
  episode_ids: Type.Array(Type.Integer()),
  episodes: Type.Integer({ minimum: 0 }),
  coins: Type.Integer({ minimum: 0 }),
  balance: Type.Integer({ minimum: 0 }),
});

export const SeriesUnlockBody = Type.Object(
  {
    /**
     * The total the viewer was shown. Only a check: the server charges its own total, and when the two
     * differ nothing is charged (409 with the current total), so a viewer never pays a total not shown.
     */
    coins: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  },
  { additionalProperties: false },
);

export const SeriesUnlockAnswerSchema = Type.Object({
  ...SeriesUnlockQuoteSchema.properties,
  unlocked_ids: Type.Array(Type.Integer()),
  charged: Type.Integer({ minimum: 0 }),
  message: Type.String(),
});

/** 409: the total changed since it was shown; nothing was charged. */
export const SeriesTotalChangedAnswer = Type.Object(
  {
    message: Type.String(),
    reason: Type.Optional(Type.String()),
    episodes: Type.Optional(Type.Integer()),
    coins: Type.Optional(Type.Integer()),
  },
  { additionalProperties: true },
);
