/** SQL of the subtitle tracks (`episode_subtitles`). */
import type { EpisodeSubtitleRow, Executor } from '../../db/schema';

export type TrackSummary = Pick<EpisodeSubtitleRow, 'episode_id' | 'language' | 'label' | 'cues' | 'updated_at'>;

/** The tracks of the episodes, without their text, in language order. */
export function tracksOf(db: Executor, episodeIds: readonly number[]): Promise<TrackSummary[]> {
  if (episodeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('episode_subtitles')
    .select(['episode_id', 'language', 'label', 'cues', 'updated_at'])
    .where('episode_id', 'in', [...new Set(episodeIds)])
    .orderBy('episode_id')
    .orderBy('language')
    .execute();
}

export function findTrack(db: Executor, episodeId: number, language: string): Promise<EpisodeSubtitleRow | undefined> {
  return db
    .selectFrom('episode_subtitles')
    .selectAll()
    .where('episode_id', '=', episodeId)
    .where('language', '=', language)
    .executeTakeFirst();
}

export interface TrackValues {
  label: string;
  vtt: string;
  cues: number;
}

export async function insertTrack(
  db: Executor,
  episodeId: number,
  language: string,
  values: TrackValues,
  at: string,
): Promise<void> {
  await db
    .insertInto('episode_subtitles')
    .values({ episode_id: episodeId, language, ...values, created_at: at, updated_at: at })
    .execute();
}

export async function updateTrack(db: Executor, id: number, values: TrackValues, at: string): Promise<void> {
  await db
    .updateTable('episode_subtitles')
    .set({ ...values, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteTrack(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('episode_subtitles').where('id', '=', id).execute();
}
