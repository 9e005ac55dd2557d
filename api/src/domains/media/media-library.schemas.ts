/** Request and answer schemas of the media library (/api/admin/media/*). */
import { MediaJobStatusSchema, MediaKindSchema } from '@cliffhanger/shared/contracts';
import { Type } from '@sinclair/typebox';
import { Id, PageQuery } from '../../http/schemas';

// The answers are the shared contracts; the bodies and queries below are this API's own.
export { MediaAssetSchema, MediaJobListAnswer, MediaJobSchema } from '@cliffhanger/shared/contracts';

export const AssetListQuery = Type.Object({
  ...PageQuery,
  kind: Type.Optional(MediaKindSchema),
  episode_id: Type.Optional(Id),
});

export const JobListQuery = Type.Object({ status: Type.Optional(MediaJobStatusSchema) });
