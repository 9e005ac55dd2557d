/** /api/users/profile/: the signed-in user's own profile (product.md#accounts). */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { ErrorSchema, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import { notificationPreferencesRoutes } from './notification-preferences.routes';
import { ProfileUpdateBody, UserSchema } from './users.schemas';
import { toUserDto, updateProfile, withSubscription } from './users.service';

export async function usersRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  const tags = ['users'];
  const response = withErrors({ 200: Type.Ref(UserSchema) });

  app.get('/users/profile/', { preHandler: app.requireUser, schema: { tags, response } }, (request) =>
    withSubscription(ctx, toUserDto(viewerOf(request), ctx.now())),
  );

  app.patch(
    '/users/profile/',
    {
      preHandler: app.requireUser,
      // 409: the username asked for belongs to someone else.
      schema: { tags, body: ProfileUpdateBody, response: withErrors({ 200: Type.Ref(UserSchema), 409: ErrorSchema }) },
    },
    (request) => updateProfile(ctx, viewerOf(request).id, request.body),
  );

  notificationPreferencesRoutes(app, ctx);
}
