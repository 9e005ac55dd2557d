/**
 * A user as the API answers them (User, product.md#entities, with the public-profile flags) and their
 * Gold subscription. The API validates and documents with these; the frontends read `User`,
 * `Subscription` and the flags' types derived from them in entities.ts.
 */
import { type Static, Type } from '@sinclair/typebox';
import { type Language, SUPPORTED_LANGUAGES } from '../i18n/languages';
import { Nullable } from './common';

export const SubscriptionSchema = Type.Object({
  id: Type.Integer(),
  plan: Type.String(),
  /** 'Gold' for the Gold tier. */
  name: Type.String(),
  status: Type.Union([
    Type.Literal('active'),
    Type.Literal('canceled'),
    Type.Literal('past_due'),
    Type.Literal('expired'),
  ]),
  current_period_end: Type.String(),
  cancel_at_period_end: Type.Boolean(),
  interval: Nullable(Type.Union([Type.Literal('month'), Type.Literal('year')])),
  created_at: Type.String(),
});

/** One of SUPPORTED_LANGUAGES (`en`, `ru`), or null: no choice made. */
export const LanguageChoice = Type.Unsafe<Language | null>({
  type: 'string',
  enum: [...SUPPORTED_LANGUAGES, null],
  nullable: true,
  description: 'An interface language (en, ru), or null when none is chosen',
});

export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    username: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    is_guest: Type.Boolean(),
    is_premium: Type.Boolean(),
    is_gold_member: Type.Boolean(),
    is_staff: Type.Boolean(),
    is_superuser: Type.Boolean(),
    coin_balance: Type.Integer(),
    /** The current Gold subscription (documented loosely: its fields are SubscriptionSchema's). */
    subscription: Nullable(
      Type.Unsafe<Static<typeof SubscriptionSchema>>(Type.Object({}, { additionalProperties: true })),
    ),
    created_at: Type.String(),
    email_verified: Type.Boolean(),
    paying: Type.Boolean(),
    registered: Type.Boolean(),
    verified: Type.Boolean(),
    has_active_subs: Type.Boolean(),
    /** False for an account made by magic link (or a guest): it sets a password instead of changing one. */
    has_password: Type.Boolean(),
    /** The interface language the user chose (issue #21); null until they choose. */
    language: Type.Optional(LanguageChoice),
  },
  { $id: 'User' },
);
