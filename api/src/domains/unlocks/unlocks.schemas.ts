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
