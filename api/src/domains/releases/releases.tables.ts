/**
 * Table types of the versioned-remotes migration (20261204010000_remote_releases), kept beside the
 * domain that owns them. `ReleasesDatabase` is the staff view of the database (for the audit log)
 * plus these tables; conventions as in db/schema.ts.
 */
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { StaffDatabase } from '../admin/staff.tables';

export interface RemoteRolloutsTable {
  remote: string;
  /** Null: the built-in build under `/remotes/<remote>/`. */
  stable_version: string | null;
  canary_version: string | null;
  /** 0–100; 0 whenever there is no canary. */
  canary_share: number;
  updated_at: string;
  /** The staff member who last changed the rule; null for the automatic rollback. */
  updated_by: number | null;
  auto_rollback_at: string | null;
  auto_rollback_version: string | null;
  auto_rollback_reason: string | null;
}

export interface RemoteLoadBucketsTable {
  remote: string;
  version: string;
  /** Minutes since the Unix epoch (UTC). */
  minute: number;
  loads: number;
  failures: number;
  errors: number;
  load_ms_sum: number;
}

export interface RemoteLoadSamplesTable {
  id: Generated<number>;
  remote: string;
  version: string;
  minute: number;
  load_ms: number;
}

/** One row per browser (a short hash) that reported on a version in a minute. */
export interface RemoteLoadReportersTable {
  remote: string;
  version: string;
  minute: number;
  reporter: string;
}

export interface ReleasesDatabase extends StaffDatabase {
  remote_load_reporters: RemoteLoadReportersTable;
  remote_rollouts: RemoteRolloutsTable;
  remote_load_buckets: RemoteLoadBucketsTable;
  remote_load_samples: RemoteLoadSamplesTable;
}

export type ReleasesDb = Kysely<ReleasesDatabase>;
export type ReleasesTrx = Transaction<ReleasesDatabase>;
export type ReleasesExecutor = ReleasesDb | ReleasesTrx;
export type RemoteRolloutRow = Selectable<RemoteRolloutsTable>;

/** The app's database seen with the release tables (created by their migration before any request). */
export function releasesDb(ctx: Pick<AppContext, 'db'>): ReleasesDb {
  return ctx.db as unknown as ReleasesDb;
}
