/** The shapes of the staff subtitle routes (shared/src/subtitles.ts is the contract). */
import {
  SUBTITLE_LABEL_MAX_LENGTH,
  SUBTITLE_LANGUAGE_PATTERN,
  SUBTITLE_MAX_BYTES,
} from '@cliffhanger/shared/subtitles';
import { Type } from '@sinclair/typebox';
import { Id } from '../../http/schemas';

export const SubtitleLanguage = Type.String({
  pattern: SUBTITLE_LANGUAGE_PATTERN,
  maxLength: 8,
  description: 'A language tag: `en`, `ru`, `pt-BR`, `zh-Hant`',
});

export const SubtitleParams = Type.Object({ id: Id, language: SubtitleLanguage });

export const SubtitleTrackSchema = Type.Object({
  language: Type.String(),
  label: Type.String(),
  cues: Type.Integer(),
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

/** The stored WebVTT, as text for the preview. */
export const VttAnswer = {
  description: 'The stored WebVTT text',
  content: { 'text/vtt': { schema: Type.String() } },
};
