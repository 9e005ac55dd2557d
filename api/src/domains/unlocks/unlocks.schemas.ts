/** Schemas of the unlock answers, shared by the main API and the feed API. */
import { AUTO_UNLOCK_MAX_CAP_COINS } from '@cliffhanger/shared/constants';
import { Type } from '@sinclair/typebox';

// The answers' shapes are the shared contracts; the bodies and refusals below are this API's own.
export {
  AutoUnlockSettingSchema,
  SeriesUnlockAnswerSchema,
  SeriesUnlockQuoteSchema,
  UnlockAnswerSchema,
} from '@cliffhanger/shared/contracts';

/** Turning auto-unlock on, or changing its cap: the only thing the viewer chooses is the cap. */
export const AutoUnlockBody = Type.Object(
  { cap: Type.Integer({ minimum: 1, maximum: AUTO_UNLOCK_MAX_CAP_COINS }) },
  { additionalProperties: false },
);

/**
 * The unlock request's optional body. `automatic: true` marks an unlock the player made by itself
 * under the viewer's auto-unlock setting. Any other field (a price, a cap) is ignored: the server
 * charges the episode's own price against the stored cap.
 */
export const UnlockBody = Type.Object({ automatic: Type.Optional(Type.Boolean()) });

/** 409 of an automatic unlock: auto-unlock is off, or this episode would pass the cap; nothing changed. */
export const AutoUnlockRefusedAnswer = Type.Object(
  {
    message: Type.String(),
    reason: Type.Optional(Type.String()),
    coin_cost: Type.Optional(Type.Integer()),
    cap: Type.Optional(Type.Integer()),
    spent: Type.Optional(Type.Integer()),
  },
  { additionalProperties: true },
);

/** 402: too few coins; nothing was changed. */
export const InsufficientCoinsAnswer = Type.Object({
  message: Type.String(),
  coin_cost: Type.Integer(),
  balance: Type.Integer(),
  reason: Type.Literal('insufficient_coins'),
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
