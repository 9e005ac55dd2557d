/** SQL of chunked uploads: the upload row and the chunks received so far. */
import type { Insertable } from 'kysely';
import type { Executor, MediaAssetsTable, MediaUploadRow, MediaUploadsTable, Trx } from '../../db/schema';

export function findUpload(db: Executor, id: string): Promise<MediaUploadRow | undefined> {
  return db.selectFrom('media_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The indexes of the chunks received, in order. */
export async function receivedChunks(db: Executor, uploadId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('media_upload_chunks')
    .select('chunk_index')
    .where('upload_id', '=', uploadId)
    .orderBy('chunk_index')
    .execute();
  return rows.map((row) => row.chunk_index);
}

export async function recordDetectedType(db: Executor, id: string, contentType: string, at: string): Promise<void> {
  await db
    .updateTable('media_uploads')
    .set({ detected_type: contentType, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** A chunk sent again replaces the one before. */
export async function recordChunk(db: Executor, chunk: { uploadId: string; index: number; size: number; at: string }) {
  await db
    .insertInto('media_upload_chunks')
    .values({ upload_id: chunk.uploadId, chunk_index: chunk.index, size: chunk.size, received_at: chunk.at })
    .onConflict((oc) =>
      oc.columns(['upload_id', 'chunk_index']).doUpdateSet({ size: chunk.size, received_at: chunk.at }),
    )
    .execute();
}

export async function deleteUpload(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('media_upload_chunks').where('upload_id', '=', id).execute();
  await trx.deleteFrom('media_uploads').where('id', '=', id).execute();
}

export async function episodeExists(db: Executor, episodeId: number): Promise<boolean> {
  return (await db.selectFrom('episodes').select('id').where('id', '=', episodeId).executeTakeFirst()) !== undefined;
}

export function insertUpload(db: Executor, upload: Insertable<MediaUploadsTable>): Promise<MediaUploadRow> {
  return db.insertInto('media_uploads').values(upload).returningAll().executeTakeFirstOrThrow();
}

/** The asset a finished upload became, with the id of its job when it has one. */
export async function assetWithJob(db: Executor, assetId: number) {
  const asset = await db.selectFrom('media_assets').selectAll().where('id', '=', assetId).executeTakeFirstOrThrow();
  const job = await db.selectFrom('media_jobs').select('id').where('asset_id', '=', asset.id).executeTakeFirst();
  return { asset, jobId: job?.id ?? null };
}

export async function markUploadComplete(db: Executor, id: string, assetId: number, detectedType: string, at: string) {
  await db
    .updateTable('media_uploads')
    .set({ status: 'complete', asset_id: assetId, detected_type: detectedType, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** A new asset with a queued transcode job for it; run both in one transaction. */
export async function insertAssetWithTranscodeJob(trx: Trx, asset: Insertable<MediaAssetsTable>, at: string) {
  const inserted = await trx.insertInto('media_assets').values(asset).returningAll().executeTakeFirstOrThrow();
  const job = await trx
    .insertInto('media_jobs')
    .values({ asset_id: inserted.id, kind: 'transcode', status: 'queued', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { asset: inserted, jobId: job.id };
}
