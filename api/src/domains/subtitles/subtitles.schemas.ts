/** The shapes of the staff subtitle routes (shared/src/subtitles.ts describes them). */
import { SUBTITLE_LANGUAGE_PATTERN } from '@cliffhanger/shared/subtitles';
import { Type } from '@sinclair/typebox';
import { Id } from '../../http/schemas';

export const SubtitleLanguage = Type.String({
  pattern: SUBTITLE_LANGUAGE_PATTERN,
  maxLength: 8,
  description: 'A language tag: `en`, `ru`, `pt-BR`, `zh-Hant`',
});

export const SubtitleParams = Type.Object({ id: Id, language: SubtitleLanguage });

// The track, the list and the upload are declared once in the shared contracts.
export { SubtitleListAnswer, SubtitleTrackSchema, SubtitleUploadBody } from '@cliffhanger/shared/contracts';

/** The stored WebVTT, as text for the preview. */
export const VttAnswer = {
  description: 'The stored WebVTT text',
  content: { 'text/vtt': { schema: Type.String() } },
};
