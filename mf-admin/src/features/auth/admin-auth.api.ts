import { type AuthResponse, type BaseApi, baseApi } from '@cliffhanger/shared';
import { adminApi } from '../../lib/api/admin.api';

export const adminAuthApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    staffLogin: build.mutation<AuthResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login/', method: 'POST', body }),
    }),
  }),
});

/** Both injections run when the module registers; `adminApi` holds every /api/admin endpoint. */
export const registerAdminEndpoints = (_api: BaseApi) => [adminAuthApi, adminApi];
export const { useStaffLoginMutation } = adminAuthApi;
