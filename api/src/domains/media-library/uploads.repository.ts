/** SQL of chunked uploads: the upload row and the chunks received so far. */
import type { Executor, MediaUploadRow, Trx } from '../../db/schema';

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
