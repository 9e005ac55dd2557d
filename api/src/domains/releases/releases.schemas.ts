/**
 * Schemas of the releases routes: the wire shapes are the shared contracts (contracts/releases.ts);
 * the route-specific params and staff bodies stay here.
 */

import { RemoteIdSchema, VersionName } from '@cliffhanger/shared/contracts';
import { Type } from '@sinclair/typebox';

// The answers and the report body pages send are declared once in the shared contracts.
export {
  LoadReportsAnswer,
  LoadReportsBody,
  MAX_REPORTED_LOAD_MS,
  ReleasesViewAnswer,
  RemoteIdSchema,
  RolloutsAnswer,
  VersionName,
} from '@cliffhanger/shared/contracts';

export const RemoteParams = Type.Object({ remote: RemoteIdSchema });

export const CanaryBody = Type.Object(
  { version: VersionName, share: Type.Integer({ minimum: 1, maximum: 100 }) },
  { additionalProperties: false },
);

export const StableBody = Type.Object({ version: VersionName }, { additionalProperties: false });
