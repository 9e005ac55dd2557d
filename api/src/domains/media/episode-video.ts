/** The media pipeline's one write to the catalogue: a finished video becomes its episode's stream. */
import type { Trx } from '../../db/schema';
import { recordAudit } from '../../kernel/audit-log';
import { episodeById, updateEpisode } from './media-library.repository';

/** Attaches a finished HLS package to an episode (the media pipeline calls this when a job ends). */
export async function attachVideo(
  trx: Trx,
  input: { episodeId: number; hlsUrl: string; thumbnailUrl: string | null; durationSeconds: number; at: string },
) {
  const before = await episodeById(trx, input.episodeId);
  if (!before) return;
  await updateEpisode(trx, input.episodeId, {
    hls_url: input.hlsUrl,
    thumbnail: input.thumbnailUrl ?? before.thumbnail,
    duration: Math.round(input.durationSeconds) || before.duration,
    updated_at: input.at,
  });
  const after = await episodeById(trx, input.episodeId);
  await recordAudit(trx, {
    actor: null,
    action: 'episode.video_attached',
    entity: 'episode',
    entityId: input.episodeId,
    before,
    after,
    at: input.at,
  });
}
