/** The viewer's own profile (product.md#accounts): read and edit username, first and last name, and the language. */
import { baseApi, type User } from '@cliffhanger/shared';

export type ProfileChanges = Partial<Pick<User, 'username' | 'first_name' | 'last_name' | 'language'>>;

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    accountUpdateProfile: build.mutation<User, ProfileChanges>({
      query: (body) => ({ url: '/users/profile/', method: 'PATCH', body }),
    }),
  }),
});

export const { useAccountUpdateProfileMutation } = profileApi;
