/** The User as answered by the API (User, product.md#entities + the public-profile flags) and the profile update. */
import { LanguageChoice } from '@cliffhanger/shared/contracts';
import { Type } from '@sinclair/typebox';

// The answer's shape is the shared contract; the profile update below is this API's own.
export { UserSchema } from '@cliffhanger/shared/contracts';

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
