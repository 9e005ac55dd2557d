/** GET /api/health: liveness plus which database answers, checked with a real query. */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import type { TypedFastify } from '../../http/type-provider';
import { pingDatabase } from './health.repository';

export async function healthRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        response: {
          200: Type.Object({
            status: Type.Literal('ok'),
            database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
          }),
          503: Type.Object({ status: Type.Literal('unavailable'), database: Type.String(), message: Type.String() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(ctx.db);
        return { status: 'ok' as const, database: ctx.dbKind };
      } catch {
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, database: ctx.dbKind, message: 'The database does not answer' });
      }
    },
  );
}
