/**
 * POST /api/analytics/events: where the shell's amplitude-js client sends its events by default.
 * Amplitude's clients send no Bearer token; when one is present and valid, events are tied to that
 * user, and an expired one is ignored rather than refused (losing analytics is worse than not
 * attributing them).
 */

import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { ANALYTICS_BODY_LIMIT_BYTES, IngestAnswerSchema } from './analytics.schemas';
import { ingestEvents } from './analytics.service';

export async function analyticsRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  // amplitude-js 8 uploads form-encoded: e=<json array>&v=2&client=<api key>&upload_time=…&checksum=…
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: ANALYTICS_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const lenientViewer = async (request: FastifyRequest) => {
    try {
      await app.optionalUser(request);
    } catch {
      request.viewer = null;
    }
  };

  app.post(
    '/analytics/events',
    {
      preHandler: lenientViewer,
      bodyLimit: ANALYTICS_BODY_LIMIT_BYTES,
      schema: {
        tags: ['analytics'],
        // Two upload forms with different shapes: validated in the service, which names the field.
        body: Type.Unknown(),
        response: withErrors({ 200: IngestAnswerSchema }),
      },
    },
    (request) =>
      ingestEvents(ctx, request.body, Number(request.headers['content-length'] ?? 0), request.viewer?.id ?? null),
  );
}
