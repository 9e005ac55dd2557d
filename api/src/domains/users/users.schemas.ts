/** The User as answered by the API (User, product.md#entities + the public-profile flags) and the profile update. */
import { type Language, SUPPORTED_LANGUAGES } from '@cliffhanger/shared/languages';
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas';

/** One of SUPPORTED_LANGUAGES (`en`, `ru`), or null: no choice made. */
const LanguageChoice = Type.Unsafe<Language | null>({
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
    subscription: Nullable(Type.Object({}, { additionalProperties: true })),
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

const Name = Type.String({ maxLength: 150 });

/** The only fields a user may change on themselves; anything else (flags, coins, email) is refused. */
export const ProfileUpdateBody = Type.Object(
  {
    username: Type.Optional(Type.String({ minLength: 3, maxLength: 30, pattern: '^[A-Za-z0-9_.-]+$' })),
    first_name: Type.Optional(Name),
    last_name: Type.Optional(Name),
    /** The interface language; null forgets the choice (the browser's languages decide again). */
    language: Type.Optional(LanguageChoice),
  },
  { additionalProperties: false },
);
