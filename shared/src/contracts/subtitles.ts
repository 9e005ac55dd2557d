/**
 * The staff subtitle routes' shapes (issue #21): a track as listed, the list, and an upload. The
 * routes and the rules (language tags, sizes) are described in shared/src/subtitles.ts.
 */
import { Type } from '@sinclair/typebox';
import { SUBTITLE_LABEL_MAX_LENGTH, SUBTITLE_MAX_BYTES } from '../subtitles';

export const SubtitleTrackSchema = Type.Object({
  language: Type.String(),
  /** What the captions menu shows: the language's own name unless staff wrote another. */
  label: Type.String(),
  cues: Type.Integer(),
  /** ISO 8601. */
  updated_at: Type.String(),
});

export const SubtitleListAnswer = Type.Object({ results: Type.Array(SubtitleTrackSchema) });

export const SubtitleUploadBody = Type.Object({
  label: Type.Optional(
    Type.String({
      maxLength: SUBTITLE_LABEL_MAX_LENGTH,
      description: 'What the captions menu shows; the language’s own name when empty',
    }),
  ),
  // Characters here; the byte limit (SUBTITLE_MAX_BYTES of UTF-8) is checked with the text itself.
  text: Type.String({ maxLength: SUBTITLE_MAX_BYTES, description: 'The file’s text: `.vtt` or `.srt`' }),
});
