/**
 * /api/settings/: the money settings everybody may read (packages, plans, reward amounts) and staff
 * may change, one key at a time.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import { MoneySettingsAnswer, SettingKeyParams } from './settings.schemas';
import { moneySettings, putSetting } from './settings.service';

export async function settingsRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  const tags = ['settings'];

  app.get('/settings/', { schema: { tags, response: withErrors({ 200: MoneySettingsAnswer }) } }, () =>
    moneySettings(ctx),
  );

  app.put(
    '/settings/:key/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        params: SettingKeyParams,
        // Checked per key in the service, which names the offending field.
        body: Type.Unknown(),
        response: withErrors({ 200: Type.Object({ key: Type.String(), value: Type.Unknown() }) }),
      },
    },
    async (request) => ({
      key: request.params.key,
      value: await putSetting(ctx, viewerOf(request), request.params.key, request.body),
    }),
  );
}
