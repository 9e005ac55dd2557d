/** Request and answer schemas of the media library (/api/admin/uploads/*, /api/admin/media/*). */
import { Type } from '@sinclair/typebox';
import { Id, Nullable, PageQuery } from '../../http/schemas';

export const Kind = Type.Union([Type.Literal('video'), Type.Literal('image')]);
const JobStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('done'),
  Type.Literal('failed'),
]);

export const UploadParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const ChunkParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  n: Type.Integer({ minimum: 0, maximum: 100_000 }),
});

export const CreateUploadBody = Type.Object(
  {
    filename: Type.String({ minLength: 1, maxLength: 255 }),
    size: Type.Integer({ minimum: 1 }),
    kind: Kind,
    content_type: Type.Optional(Type.String({ maxLength: 100 })),
    episode_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);

export const AssetListQuery = Type.Object({
  ...PageQuery,
  kind: Type.Optional(Kind),
  episode_id: Type.Optional(Id),
});

export const JobListQuery = Type.Object({ status: Type.Optional(JobStatus) });

/** Where an upload stands: a browser resumes by sending the chunks not yet `received`. */
export const UploadStateSchema = Type.Object({
  upload_id: Type.String({ format: 'uuid' }),
  status: Type.Union([Type.Literal('open'), Type.Literal('complete'), Type.Literal('failed')]),
  kind: Kind,
  filename: Type.String(),
  size: Type.Integer(),
  chunk_size: Type.Integer(),
  total_chunks: Type.Integer(),
  received: Type.Array(Type.Integer()),
  /** The type found in the first chunk's bytes, once it has arrived. */
  detected_type: Nullable(Type.String()),
  episode_id: Nullable(Type.Integer()),
  asset_id: Nullable(Type.Integer()),
});

export const AssetSchema = Type.Object({
  id: Type.Integer(),
  kind: Kind,
  status: Type.Union([Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]),
  original_name: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  url: Nullable(Type.String()),
  hls_url: Nullable(Type.String()),
  poster_url: Nullable(Type.String()),
  thumbnail_url: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  duration_seconds: Nullable(Type.Number()),
  renditions: Nullable(Type.Integer()),
  episode_id: Nullable(Type.Integer()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const CompletedUploadAnswer = Type.Object({
  upload: UploadStateSchema,
  asset: AssetSchema,
  /** The transcoding job of a video; null for an image, which is ready at once. */
  job_id: Nullable(Type.Integer()),
});

/** Completing before every chunk arrived: the chunks still missing. */
export const MissingChunksAnswer = Type.Object({ message: Type.String(), missing: Type.Array(Type.Integer()) });

export const JobSchema = Type.Object({
  id: Type.Integer(),
  asset_id: Type.Integer(),
  kind: Type.Literal('transcode'),
  status: JobStatus,
  /** 0 to 1. */
  progress: Type.Number(),
  error: Nullable(Type.String()),
  attempts: Type.Integer(),
  created_at: Type.String(),
  started_at: Nullable(Type.String()),
  finished_at: Nullable(Type.String()),
  original_name: Type.String(),
  episode_id: Nullable(Type.Integer()),
  hls_url: Nullable(Type.String()),
  poster_url: Nullable(Type.String()),
});
