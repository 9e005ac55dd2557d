/** /api/users/notification-preferences/: the signed-in viewer's notification preferences. */
import type { AppContext } from '../../context';
import { withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import { NotificationPreferencesSchema, NotificationPreferencesUpdateBody } from './notification-preferences.schemas';
import { notificationPreferencesOf, updateNotificationPreferences } from './notification-preferences.service';

export function notificationPreferencesRoutes(app: TypedFastify, ctx: AppContext) {
  const tags = ['users'];
  const response = withErrors({ 200: NotificationPreferencesSchema });

  app.get('/users/notification-preferences/', { preHandler: app.requireUser, schema: { tags, response } }, (request) =>
    notificationPreferencesOf(ctx, viewerOf(request).id),
  );

  app.put(
    '/users/notification-preferences/',
    { preHandler: app.requireUser, schema: { tags, body: NotificationPreferencesUpdateBody, response } },
    (request) => updateNotificationPreferences(ctx, viewerOf(request).id, request.body),
  );
}
