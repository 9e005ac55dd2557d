/** Sign-in, registration, magic links and passwords (product.md#accounts), prefixed `account…`. */
import { type AuthResponse, baseApi } from '@cliffhanger/shared';

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  username?: string;
}

export interface Message {
  message?: string;
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    accountLogin: build.mutation<AuthResponse, Credentials>({
      query: (body) => ({ url: '/auth/login/', method: 'POST', body }),
    }),
    accountRegister: build.mutation<AuthResponse, Registration>({
      query: (body) => ({ url: '/auth/register/', method: 'POST', body }),
    }),
    accountMagicLink: build.mutation<Message, { email: string; next?: string }>({
      query: (body) => ({ url: '/auth/magic-link/', method: 'POST', body }),
    }),
    accountResetPassword: build.mutation<Message, { email: string }>({
      query: (body) => ({ url: '/auth/reset-password/', method: 'POST', body }),
    }),
    accountConfirmReset: build.mutation<Message, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/confirm-reset-password/', method: 'POST', body }),
    }),
    accountChangePassword: build.mutation<
      Message & { access?: string; refresh?: string },
      { old_password: string; new_password: string }
    >({
      query: (body) => ({ url: '/auth/change-password/', method: 'POST', body }),
    }),
    /** A first password for an account made by magic link (it has none, so no current one is asked). */
    accountSetPassword: build.mutation<Message & { access?: string; refresh?: string }, { new_password: string }>({
      query: (body) => ({ url: '/auth/set-password/', method: 'POST', body }),
    }),
    accountVerifyEmail: build.mutation<Message, { token: string }>({
      query: (body) => ({ url: '/auth/verify-email/', method: 'POST', body }),
    }),
    /** Revokes every session of the viewer, on every device; the page then signs out here too. */
    accountLogoutAll: build.mutation<{ signed_out: boolean }, void>({
      query: () => ({ url: '/auth/logout-all/', method: 'POST' }),
    }),
  }),
});

export const {
  useAccountLoginMutation,
  useAccountRegisterMutation,
  useAccountMagicLinkMutation,
  useAccountResetPasswordMutation,
  useAccountConfirmResetMutation,
  useAccountChangePasswordMutation,
  useAccountSetPasswordMutation,
  useAccountVerifyEmailMutation,
  useAccountLogoutAllMutation,
} = authApi;
