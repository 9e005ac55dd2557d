/** Request and answer schemas of the media library (/api/admin/uploads/*, /api/admin/media/*). */
import { MediaJobStatusSchema, MediaKindSchema } from '@cliffhanger/shared/contracts';
import { Type } from '@sinclair/typebox';
import { Id, PageQuery } from '../../http/schemas';

// The answers are the shared contracts; the bodies and queries below are this API's own.
export {
  CompletedUploadAnswer,
  MediaAssetSchema,
  MediaJobListAnswer,
  MediaJobSchema,
  UploadStateSchema,
} from '@cliffhanger/shared/contracts';

export const UploadParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const ChunkParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  n: Type.Integer({ minimum: 0, maximum: 100_000 }),
});

export const CreateUploadBody = Type.Object(
  {
    filename: Type.String({ minLength: 1, maxLength: 255 }),
    size: Type.Integer({ minimum: 1 }),
    kind: MediaKindSchema,
    content_type: Type.Optional(Type.String({ maxLength: 100 })),
    episode_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);

export const AssetListQuery = Type.Object({
  ...PageQuery,
  kind: Type.Optional(MediaKindSchema),
  episode_id: Type.Optional(Id),
});

export const JobListQuery = Type.Object({ status: Type.Optional(MediaJobStatusSchema) });

/** Completing before every chunk arrived: the chunks still missing. */
export const MissingChunksAnswer = Type.Object({ message: Type.String(), missing: Type.Array(Type.Integer()) });
