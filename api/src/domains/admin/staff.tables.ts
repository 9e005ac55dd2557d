/**
 * Table types of the staff migration (20250901000000_staff_media), kept beside the domains that own
 * them. `StaffDatabase` is the money view of the database plus these tables; staff and media code
 * views `ctx.db` through it with `staffDb(ctx)`. Conventions as in db/schema.ts.
 */
import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { MoneyDatabase } from '../coins/money.tables';

export type MediaKind = 'video' | 'image';
export type AssetStatus = 'processing' | 'ready' | 'failed';
export type UploadStatus = 'open' | 'complete' | 'failed';
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';
export type JobKind = 'transcode';

export interface StaffInvitationsTable {
  id: Generated<number>;
  code_hash: string;
  created_by: number | null;
  expires_at: string;
  used_at: string | null;
  used_by: number | null;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_email: string | null;
  /** e.g. 'series.create', 'user.coins', 'settings.update'. */
  action: string;
  entity: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

export interface MediaAssetsTable {
  id: Generated<number>;
  kind: MediaKind;
  status: AssetStatus;
  original_name: string;
  /** The type found in the bytes (never the one the browser claimed). */
  content_type: string;
  size: number;
  /** The storage key of the uploaded original (videos keep it for re-transcoding). */
  source_key: string | null;
  /** Images: the WebP address. */
  url: string | null;
  hls_url: string | null;
  poster_url: string | null;
  thumbnail_url: string | null;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  renditions: number | null;
  /** The episode the finished video is attached to, if any. */
  episode_id: number | null;
  uploaded_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface MediaUploadsTable {
  id: string;
  user_id: number | null;
  kind: MediaKind;
  filename: string;
  declared_type: string | null;
  detected_type: string | null;
  size: number;
  chunk_size: number;
  total_chunks: number;
  status: UploadStatus;
  episode_id: number | null;
  asset_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface MediaUploadChunksTable {
  upload_id: string;
  chunk_index: number;
  size: number;
  received_at: string;
}

export interface MediaJobsTable {
  id: Generated<number>;
  asset_id: number;
  kind: JobKind;
  status: JobStatus;
  /** 0–1. */
  progress: ColumnType<number, number | undefined, number>;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

export interface StaffDatabase extends MoneyDatabase {
  staff_invitations: StaffInvitationsTable;
  audit_log: AuditLogTable;
  media_assets: MediaAssetsTable;
  media_uploads: MediaUploadsTable;
  media_upload_chunks: MediaUploadChunksTable;
  media_jobs: MediaJobsTable;
}

export type StaffDb = Kysely<StaffDatabase>;
export type StaffTrx = Transaction<StaffDatabase>;
export type StaffExecutor = StaffDb | StaffTrx;

export type AuditRow = Selectable<AuditLogTable>;
export type MediaAssetRow = Selectable<MediaAssetsTable>;
export type MediaUploadRow = Selectable<MediaUploadsTable>;
export type MediaJobRow = Selectable<MediaJobsTable>;

/** The app's database seen with the staff tables (created by the staff migration before any request). */
export function staffDb(ctx: Pick<AppContext, 'db'>): StaffDb {
  return ctx.db as unknown as StaffDb;
}
