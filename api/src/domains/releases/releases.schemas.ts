/**
 * Schemas of the releases routes, mirroring the contract in shared/src/remote-releases.ts (the
 * TypeScript shapes are declared there once; these check the wire).
 */

import { REMOTE_REPORTS_PER_REQUEST, REMOTE_VERSION_PATTERN } from '@cliffhanger/shared/remote-releases';
import { REMOTE_IDS } from '@cliffhanger/shared/routes';
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas';

/** The longest load time a report may carry (two minutes; a page gives up on a remote long before). */
export const MAX_REPORTED_LOAD_MS = 120_000;

export const RemoteIdSchema = Type.Union(
  REMOTE_IDS.map((id) => Type.Literal(id)),
  { description: 'One of the remotes' },
);
export const VersionName = Type.String({ pattern: REMOTE_VERSION_PATTERN, maxLength: 64 });

const Address = Type.Object({ version: Type.String(), manifest: Type.String() });

export const RolloutsAnswer = Type.Object({
  remotes: Type.Object(
    Object.fromEntries(
      REMOTE_IDS.map((id) => [
        id,
        Type.Object({
          stable: Address,
          canary: Nullable(Type.Object({ version: Type.String(), manifest: Type.String(), share: Type.Integer() })),
        }),
      ]),
    ),
  ),
});

export const LoadReportsBody = Type.Object(
  {
    reports: Type.Array(
      Type.Object(
        {
          remote: RemoteIdSchema,
          version: VersionName,
          outcome: Type.Union([Type.Literal('loaded'), Type.Literal('failed'), Type.Literal('error')]),
          load_ms: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_REPORTED_LOAD_MS })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: REMOTE_REPORTS_PER_REQUEST },
    ),
  },
  { additionalProperties: false },
);

export const LoadReportsAnswer = Type.Object({ stored: Type.Integer() });

const VersionFigures = Type.Object({
  version: Type.String(),
  built_at: Nullable(Type.String()),
  shared: Type.Record(Type.String(), Type.String()),
  compatible: Type.Boolean(),
  incompatibility: Nullable(Type.String()),
  loads: Type.Integer(),
  failures: Type.Integer(),
  errors: Type.Integer(),
  failure_rate: Type.Number(),
  median_load_ms: Nullable(Type.Number()),
});

export const ReleasesViewAnswer = Type.Object({
  remotes: Type.Array(
    Type.Object({
      remote: RemoteIdSchema,
      stable_version: Type.String(),
      canary_version: Nullable(Type.String()),
      canary_share: Type.Integer(),
      updated_at: Nullable(Type.String()),
      auto_rollback: Nullable(Type.Object({ at: Type.String(), version: Type.String(), reason: Type.String() })),
      versions: Type.Array(VersionFigures),
    }),
  ),
});

export const RemoteParams = Type.Object({ remote: RemoteIdSchema });

export const CanaryBody = Type.Object(
  { version: VersionName, share: Type.Integer({ minimum: 1, maximum: 100 }) },
  { additionalProperties: false },
);

export const StableBody = Type.Object({ version: VersionName }, { additionalProperties: false });
