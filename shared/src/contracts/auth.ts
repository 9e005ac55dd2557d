/**
 * The answers of signing in (product.md#accounts): the token pair with the user, and the magic link's
 * verification, which also says whether this browser's guest data moved to the account.
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from './common';
import { UserSchema } from './users';

export const AuthAnswerSchema = Type.Object({
  access: Type.String(),
  refresh: Type.String(),
  user: Type.Ref(UserSchema),
});

export const MagicLinkVerifyAnswer = Type.Object({
  success: Type.Literal(1),
  id: Type.Integer(),
  email: Type.String(),
  next: Nullable(Type.String()),
  /** The link was asked for from this session; only then did this session's guest data move. */
  requested_here: Type.Boolean(),
  /** This session's guest coins, unlocks, list, history and Gold moved to the account. */
  guest_merged: Type.Boolean(),
  access: Type.String(),
  refresh: Type.String(),
  user: Type.Ref(UserSchema),
});
