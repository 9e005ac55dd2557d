/**
 * The remote releases' wire shapes: the rollout rules every page reads (`GET /api/remotes/`), the load
 * reports pages send (`POST /api/remotes/reports/`) and the Releases screen's figures
 * (`GET /api/admin/releases/`). The rules and numbers are in shared/src/remote-releases.ts.
 */
import { type TObject, Type } from '@sinclair/typebox';
import { REMOTE_REPORTS_PER_REQUEST, REMOTE_VERSION_PATTERN } from '../remote-releases';
import { REMOTE_IDS, type RemoteId } from '../routes';
import { Nullable } from './common';

/** The longest load time a report may carry (two minutes; a page gives up on a remote long before). */
export const MAX_REPORTED_LOAD_MS = 120_000;

export const RemoteIdSchema = Type.Union(
  REMOTE_IDS.map((id) => Type.Literal(id)),
  { description: 'One of the remotes' },
);
export const VersionName = Type.String({ pattern: REMOTE_VERSION_PATTERN, maxLength: 64 });

/** One published version a page may load. `manifest` is absolute or relative to the site. */
export const RemoteReleaseAddressSchema = Type.Object({ version: Type.String(), manifest: Type.String() });

/** The rule for one remote: its stable version and, optionally, a canary for `share` % of sessions. */
const remoteRollout = () =>
  Type.Object({
    stable: RemoteReleaseAddressSchema,
    canary: Nullable(Type.Object({ version: Type.String(), manifest: Type.String(), share: Type.Integer() })),
  });
export type RemoteRolloutSchema = ReturnType<typeof remoteRollout>;

/** `GET /api/remotes/`: the rule for every remote (public, cached for REMOTE_ROLLOUT_CACHE_SECONDS). */
export const RolloutsAnswer = Type.Object({
  remotes: Type.Object(
    Object.fromEntries(REMOTE_IDS.map((id) => [id, remoteRollout()])) as Record<RemoteId, RemoteRolloutSchema>,
  ) as TObject<Record<RemoteId, RemoteRolloutSchema>>,
});

/** What happened when a page used one version of a remote. */
export const RemoteLoadOutcomeSchema = Type.Union([
  Type.Literal('loaded'),
  Type.Literal('failed'),
  Type.Literal('error'),
]);

/** One report: `loaded` with the time its module took, `failed` to load, or a screen `error` after loading. */
export const RemoteLoadReportSchema = Type.Object(
  {
    remote: RemoteIdSchema,
    version: VersionName,
    outcome: RemoteLoadOutcomeSchema,
    /** With `loaded`: milliseconds from asking for the module to having it. */
    load_ms: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_REPORTED_LOAD_MS })),
  },
  { additionalProperties: false },
);

/** `POST /api/remotes/reports/` (public, rate limited): up to REMOTE_REPORTS_PER_REQUEST reports. */
export const LoadReportsBody = Type.Object(
  { reports: Type.Array(RemoteLoadReportSchema, { minItems: 1, maxItems: REMOTE_REPORTS_PER_REQUEST }) },
  { additionalProperties: false },
);

export const LoadReportsAnswer = Type.Object({ stored: Type.Integer() });

/** One version as staff see it in Releases (figures over the auto-rollback window). */
export const RemoteVersionFiguresSchema = Type.Object({
  version: Type.String(),
  built_at: Nullable(Type.String()),
  shared: Type.Record(Type.String(), Type.String()),
  /** Whether its shared ranges fit the shell's singletons; a version that does not may not be rolled out. */
  compatible: Type.Boolean(),
  incompatibility: Nullable(Type.String()),
  loads: Type.Integer(),
  failures: Type.Integer(),
  errors: Type.Integer(),
  /** (failures + errors) / (loads + failures), 0 when nothing was reported. */
  failure_rate: Type.Number(),
  median_load_ms: Nullable(Type.Number()),
});

/** `GET /api/admin/releases/`: every remote's rule, the versions seen and their figures. */
export const ReleasesViewAnswer = Type.Object({
  remotes: Type.Array(
    Type.Object({
      remote: RemoteIdSchema,
      stable_version: Type.String(),
      canary_version: Nullable(Type.String()),
      canary_share: Type.Integer(),
      updated_at: Nullable(Type.String()),
      /** Set when the canary was rolled back automatically, with why. */
      auto_rollback: Nullable(Type.Object({ at: Type.String(), version: Type.String(), reason: Type.String() })),
      versions: Type.Array(RemoteVersionFiguresSchema),
    }),
  ),
});
