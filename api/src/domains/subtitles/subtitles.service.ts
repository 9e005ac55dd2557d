/**
 * Subtitle tracks per episode per language (issue #21), for staff: list, add or replace (an `.srt`
 * converted to WebVTT), read back for the preview, delete. A text that cannot be read answers 400
 * naming the line at fault and changes nothing; every change writes its audit entry in the same
 * transaction. Viewers get the tracks through signed playback (media/subtitle-renditions.ts) and in
 * episode answers (catalogue).
 */
import type { SubtitleTrack, SubtitleUpload } from '@cliffhanger/shared/entities';
import { SUBTITLE_LABEL_MAX_LENGTH } from '@cliffhanger/shared/subtitles';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { EpisodeSubtitleRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { isUniqueViolation } from '../../kernel/money-transaction';
import { isControlCharacter, parseSubtitles } from './subtitle-text';
import * as repo from './subtitles.repository';

export const EPISODE_MISSING = 'Episode not found';
export const TRACK_MISSING = 'This episode has no subtitles in that language.';

const toTrack = (row: Pick<EpisodeSubtitleRow, 'language' | 'label' | 'cues' | 'updated_at'>): SubtitleTrack => ({
  language: row.language,
  label: row.label,
  cues: row.cues,
  updated_at: row.updated_at,
});

/** The language's own name, capitalised as a menu entry (`English`, `Русский`, `Español`). */
export function languageName(language: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([language], { type: 'language', fallback: 'code' }).of(language);
  } catch {
    name = undefined;
  }
  const chosen = name && name.length <= SUBTITLE_LABEL_MAX_LENGTH ? name : language;
  return chosen.charAt(0).toLocaleUpperCase(language) + chosen.slice(1);
}

/** The label as given (trimmed), or the language's own name when empty. */
export function labelFor(language: string, given: string | undefined): string {
  const label = (given ?? '').trim().replace(/\s+/g, ' ');
  if (label === '') return languageName(language);
  // The label is written into the HLS master playlist as a quoted string.
  if ([...label].some((char) => char === '"' || isControlCharacter(char.charCodeAt(0)))) {
    throw badRequest('The label may not contain quotation marks or control characters.', {
      errors: [{ field: 'label', message: 'Remove the quotation marks and control characters.' }],
    });
  }
  return label;
}

export async function listSubtitles(ctx: AppContext, episodeId: number): Promise<{ results: SubtitleTrack[] }> {
  return { results: (await repo.tracksOf(ctx.db, [episodeId])).map(toTrack) };
}

/** The stored WebVTT of a track, for the staff preview. */
export async function subtitleText(ctx: AppContext, episodeId: number, language: string): Promise<string> {
  const row = await repo.findTrack(ctx.db, episodeId, language);
  if (!row) throw notFound(TRACK_MISSING);
  return row.vtt;
}

const summary = (row: Pick<EpisodeSubtitleRow, 'language' | 'label' | 'cues' | 'vtt'>) => ({
  language: row.language,
  label: row.label,
  cues: row.cues,
  bytes: Buffer.byteLength(row.vtt, 'utf8'),
});

/** Adds (created) or replaces the episode's track in that language. */
export async function putSubtitles(
  ctx: AppContext,
  actor: UserRow,
  episodeId: number,
  language: string,
  body: SubtitleUpload,
): Promise<{ track: SubtitleTrack; created: boolean }> {
  const label = labelFor(language, body.label);
  const parsed = parseSubtitles(body.text);
  if (!parsed.ok) {
    throw badRequest(parsed.message, {
      ...(parsed.line === null ? {} : { line: parsed.line }),
      errors: [{ field: 'text', message: parsed.message }],
    });
  }
  const values = { label, vtt: parsed.vtt, cues: parsed.cues.length };
  const save = () =>
    ctx.db.transaction().execute(async (trx) => {
      const at = nowIso(ctx);
      const before = await repo.findTrack(trx, episodeId, language);
      if (before) await repo.updateTrack(trx, before.id, values, at);
      else await repo.insertTrack(trx, episodeId, language, values, at);
      await recordAudit(trx, {
        actor,
        action: before ? 'subtitles.replace' : 'subtitles.add',
        entity: 'episode',
        entityId: episodeId,
        before: before ? summary(before) : null,
        after: summary({ language, ...values }),
        at,
      });
      return { track: toTrack({ language, label, cues: values.cues, updated_at: at }), created: !before };
    });
  try {
    return await save();
  } catch (error) {
    // Two uploads of the same language at once: the later one replaces what the first added.
    if (!isUniqueViolation(error)) throw error;
    return save();
  }
}

export async function deleteSubtitles(
  ctx: AppContext,
  actor: UserRow,
  episodeId: number,
  language: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findTrack(trx, episodeId, language);
    if (!before) throw notFound(TRACK_MISSING);
    await repo.deleteTrack(trx, before.id);
    await recordAudit(trx, {
      actor,
      action: 'subtitles.delete',
      entity: 'episode',
      entityId: episodeId,
      before: summary(before),
      at: nowIso(ctx),
    });
  });
}

/** The tracks of each episode as episode answers list them (`language`, `label`). */
export async function subtitlesByEpisode(
  ctx: AppContext,
  episodeIds: readonly number[],
): Promise<Map<number, Array<{ language: string; label: string }>>> {
  const byEpisode = new Map<number, Array<{ language: string; label: string }>>();
  for (const row of await repo.tracksOf(ctx.db, episodeIds)) {
    const list = byEpisode.get(row.episode_id) ?? [];
    list.push({ language: row.language, label: row.label });
    byEpisode.set(row.episode_id, list);
  }
  return byEpisode;
}
