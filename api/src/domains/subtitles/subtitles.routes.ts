/**
 * /api/admin/episodes/{id}/subtitles/*: staff manage an episode's subtitle tracks (issue #21, contract
 * in shared/src/subtitles.ts). Registered by the admin plugin inside its staff-only scope, so every
 * route here already requires staff (401 without a token, 403 for anybody else). Episodes are the
 * catalogue's, which sits above this domain: the registrar gives `episodeExists`, its repository's check.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/schema';
import { notFound } from '../../http/errors';
import { IdParams, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import {
  SubtitleListAnswer,
  SubtitleParams,
  SubtitleTrackSchema,
  SubtitleUploadBody,
  VttAnswer,
} from './subtitles.schemas';
import { deleteSubtitles, EPISODE_MISSING, listSubtitles, putSubtitles, subtitleText } from './subtitles.service';

export interface SubtitlesRoutesOptions {
  ctx: AppContext;
  /** Whether the episode exists, on show or not (the catalogue's repository answers). */
  episodeExists: (db: Executor, episodeId: number) => Promise<boolean>;
}

export async function subtitlesRoutes(app: TypedFastify, { ctx, episodeExists }: SubtitlesRoutesOptions) {
  const tags = ['admin subtitles'];

  // Every route here names an episode: 404 when it does not exist, before anything else is read.
  app.addHook('preHandler', async (request) => {
    const { id } = request.params as { id: number };
    if (!(await episodeExists(ctx.db, id))) throw notFound(EPISODE_MISSING);
  });

  app.get(
    '/episodes/:id/subtitles/',
    // 404: the episode does not exist.
    { schema: { tags, params: IdParams, response: withErrors({ 200: SubtitleListAnswer }) } },
    (request) => listSubtitles(ctx, request.params.id),
  );

  app.put(
    '/episodes/:id/subtitles/:language/',
    {
      // 201: the language is new for the episode; 200: its track was replaced. 400: the language tag, the
      // label or the text is not valid (the message names the line at fault; nothing changed); 404: the
      // episode does not exist; 413: the request is over the API's body limit.
      schema: {
        tags,
        params: SubtitleParams,
        body: SubtitleUploadBody,
        response: withErrors({ 200: SubtitleTrackSchema, 201: SubtitleTrackSchema }),
      },
    },
    async (request, reply) => {
      const { track, created } = await putSubtitles(
        ctx,
        viewerOf(request),
        request.params.id,
        request.params.language,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(track);
    },
  );

  app.get(
    '/episodes/:id/subtitles/:language/',
    // 404: the episode, or its track in that language, does not exist.
    { schema: { tags, params: SubtitleParams, response: { ...withErrors({}), 200: VttAnswer } } },
    async (request, reply) => {
      const text = await subtitleText(ctx, request.params.id, request.params.language);
      return reply.header('cache-control', 'no-store').type('text/vtt; charset=utf-8').send(text);
    },
  );

  app.delete(
    '/episodes/:id/subtitles/:language/',
    {
      // 404: the episode, or its track in that language, does not exist.
      schema: {
        tags,
        params: SubtitleParams,
        response: withErrors({ 204: Type.Null({ description: 'The track is gone' }) }),
      },
    },
    async (request, reply) => {
      await deleteSubtitles(ctx, viewerOf(request), request.params.id, request.params.language);
      return reply.status(204).send(null);
    },
  );
}
