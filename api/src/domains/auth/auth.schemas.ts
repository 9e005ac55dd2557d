/** Request and answer schemas of the auth routes (product.md#accounts). */
import { Type } from '@sinclair/typebox';

export const Email = Type.String({ format: 'email', maxLength: 254 });
/** Long enough to resist guessing; capped so hashing cannot be turned into a denial of service. */
export const Password = Type.String({ minLength: 8, maxLength: 128 });
const OneTimeToken = Type.String({ minLength: 16, maxLength: 200 });

export const TokenPairSchema = Type.Object({ access: Type.String(), refresh: Type.String() });
// The answers of signing in are declared once in the shared contracts.
export { AuthAnswerSchema, MagicLinkVerifyAnswer } from '@cliffhanger/shared/contracts';

export const LoginBody = Type.Object({
  email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});

export const RegisterBody = Type.Object({
  email: Email,
  password: Password,
  password_confirm: Type.Optional(Type.String({ maxLength: 128 })),
  password2: Type.Optional(Type.String({ maxLength: 128 })),
  username: Type.Optional(Type.String({ minLength: 3, maxLength: 30, pattern: '^[A-Za-z0-9_.-]+$' })),
  first_name: Type.Optional(Type.String({ maxLength: 150 })),
  last_name: Type.Optional(Type.String({ maxLength: 150 })),
});

export const RefreshBody = Type.Object({ refresh: Type.String({ minLength: 1, maxLength: 200 }) });
export const LogoutBody = Type.Object({ refresh: Type.Optional(Type.String({ maxLength: 200 })) });
export const TokenBody = Type.Object({ token: OneTimeToken });
export const EmailBody = Type.Object({ email: Email });
export const ConfirmResetBody = Type.Object({ token: OneTimeToken, password: Password });
export const ConfirmResetAnswer = Type.Object({
  message: Type.String(),
  /** The reset was asked for from this guest session, whose data therefore moved to the account. */
  guest_merged: Type.Boolean(),
});
export const ChangePasswordBody = Type.Object({
  old_password: Type.String({ minLength: 1, maxLength: 128 }),
  new_password: Password,
});

/** A first password for an account that has none (made by magic link); no current password exists to ask for. */
export const SetPasswordBody = Type.Object({ new_password: Password });

export const MagicLinkRequestBody = Type.Object({
  email: Email,
  next: Type.Optional(Type.String({ maxLength: 500 })),
});

/**
 * The guest signup payload (product.md#accounts): the client-made id plus age, gender, poll_* answers, web and email.
 * Unknown poll_* fields are kept (they are survey answers); other unknown fields are dropped.
 */
export const GuestSignupBody = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
    age: Type.Optional(Type.Integer({ minimum: 0, maximum: 130 })),
    gender: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.String({ maxLength: 20 })])),
    web: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 200 })])),
    email: Type.Optional(Type.String({ maxLength: 254 })),
  },
  {
    patternProperties: {
      '^poll_[A-Za-z0-9_]{1,40}$': Type.Union([
        Type.String({ maxLength: 500 }),
        Type.Number(),
        Type.Boolean(),
        Type.Null(),
      ]),
    },
    maxProperties: 40,
  },
);
