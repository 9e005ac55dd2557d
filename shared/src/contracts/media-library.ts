/**
 * What the media library answers (`/api/admin/media/*`): a stored file (an asset) and a video's
 * transcoding job. Uploads themselves speak tus (`/api/admin/media/tus/`), whose answers are headers.
 * The API validates and documents with these; the admin reads them as types (`MediaAsset`,
 * `MediaJob`, … in entities.ts).
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from './common';

export const MediaKindSchema = Type.Union([Type.Literal('video'), Type.Literal('image')]);
export const MediaJobStatusSchema = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('done'),
  Type.Literal('failed'),
]);

/** A stored video or image, with the addresses made from it. */
export const MediaAssetSchema = Type.Object({
  id: Type.Integer(),
  kind: MediaKindSchema,
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

/** A video's transcoding job. */
export const MediaJobSchema = Type.Object({
  id: Type.Integer(),
  asset_id: Type.Integer(),
  kind: Type.Literal('transcode'),
  status: MediaJobStatusSchema,
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

/** The transcoding jobs (`GET /api/admin/media/jobs/`), newest first. */
export const MediaJobListAnswer = Type.Object({ results: Type.Array(MediaJobSchema) });
