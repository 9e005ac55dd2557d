/**
 * Development helpers, registered only outside production: `GET /api/dev/outbox` lists the mails the
 * outbox caught (magic links, resets) so a fresh checkout can sign in without a mail server.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';

export async function devRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }) }),
        response: withErrors({
          200: Type.Array(
            Type.Object({
              to: Type.String(),
              from: Type.String(),
              subject: Type.String(),
              text: Type.String(),
              html: Type.String(),
              sentAt: Type.String(),
            }),
          ),
        }),
      },
    },
    (request) => ctx.mailer.recent(request.query.limit),
  );
}
