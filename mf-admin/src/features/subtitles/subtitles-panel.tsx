/**
 * An episode's subtitles, on its edit screen: the tracks it has (language, label, cues, when updated),
 * a form to add one or replace one (a .vtt or .srt file, any language tag, a label that defaults to
 * the language's own name), Delete after a confirmation, and a preview of the episode's video with
 * the stored track drawn over it. The API's 400 (the line at fault) shows beside the file field.
 */
import {
  Button,
  ErrorNotice,
  formatNumber,
  formatRelativeTime,
  InlineSpinner,
  SUBTITLE_LABEL_MAX_LENGTH,
  SUBTITLE_MAX_BYTES,
  type SubtitleTrack,
  showToast,
  useAppDispatch,
} from '@cliffhanger/shared';
import { type FormEvent, Fragment, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Field, fieldErrorsOf, problemOf, TextField } from '../../lib/layout/form';
import { COMMON_SUBTITLE_LANGUAGES, isSubtitleLanguage, languageName, ownName } from './languages';
import { useSubtitlesT } from './messages';
import { subtitlesApi } from './subtitles.api';
import './subtitles.css';

export interface SubtitlesEpisode {
  id: number;
  title: string;
}

/** A subtitle track to draw over the episode's video: its WebVTT address (a blob: one) and language. */
export interface PreviewedTrack {
  src: string;
  language: string;
  label: string;
}

/**
 * The episode's video with one track drawn over it, as the screen that holds the panel shows videos
 * (the catalogue's episode preview): the panel itself plays nothing.
 */
export type TrackPreview = (track: PreviewedTrack) => ReactNode;

export function SubtitlesPanel({ episode, preview }: { episode: SubtitlesEpisode; preview: TrackPreview }) {
  const { t, language } = useSubtitlesT();
  const headingId = useId();
  const { data: tracks, isError, refetch } = subtitlesApi.useAdminSubtitlesQuery(episode.id);
  const [remove] = subtitlesApi.useAdminDeleteSubtitlesMutation();
  const [replacing, setReplacing] = useState<SubtitleTrack | null>(null);
  const [previewing, setPreviewing] = useState<SubtitleTrack | null>(null);
  const dispatch = useAppDispatch();

  async function confirmDelete(track: SubtitleTrack) {
    if (!window.confirm(t('confirmDelete', { label: track.label }))) return;
    const result = await remove({ episodeId: episode.id, language: track.language });
    if ('error' in result) {
      dispatch(showToast({ type: 'error', message: problemOf(result.error, t('deleteFailed')) }));
      return;
    }
    if (previewing?.language === track.language) setPreviewing(null);
    if (replacing?.language === track.language) setReplacing(null);
    dispatch(showToast({ type: 'success', message: t('deleted', { label: track.label }) }));
  }

  return (
    <section className="ch-card admin-wide-form admin-subtitles" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('title')}</h2>
      <p className="ch-muted">{t('intro')}</p>
      {isError && <ErrorNotice message={t('loadFailed')} onRetry={refetch} />}
      {!tracks && !isError && <InlineSpinner />}
      {tracks && tracks.length === 0 && <p className="ch-muted">{t('empty')}</p>}
      {tracks && tracks.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-label={t('tracks')}>
            <thead>
              <tr>
                <th scope="col">{t('language')}</th>
                <th scope="col">{t('label')}</th>
                <th scope="col">{t('cues')}</th>
                <th scope="col">{t('updated')}</th>
                <th scope="col">
                  <span className="ch-visually-hidden">{t('replace')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tracks.map((track) => (
                <tr key={track.language} aria-current={previewing?.language === track.language || undefined}>
                  <td>
                    {languageName(track.language, language)} <span className="ch-muted">({track.language})</span>
                  </td>
                  <td lang={track.language}>{track.label}</td>
                  <td>{t('cueCount', { count: track.cues })}</td>
                  <td>
                    <time dateTime={track.updated_at}>{formatRelativeTime(track.updated_at)}</time>
                  </td>
                  <td>
                    <div className="admin-subtitle-actions">
                      <Button
                        variant="ghost"
                        aria-label={t('previewTrack', { label: track.label })}
                        aria-pressed={previewing?.language === track.language}
                        onClick={() => setPreviewing(track)}
                      >
                        {t('preview')}
                      </Button>
                      <Button
                        variant="ghost"
                        aria-label={t('replaceTrack', { label: track.label })}
                        onClick={() => setReplacing(track)}
                      >
                        {t('replace')}
                      </Button>
                      <Button
                        variant="ghost"
                        aria-label={t('deleteTrack', { label: track.label })}
                        onClick={() => void confirmDelete(track)}
                      >
                        {t('delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {previewing && (
        <SubtitlePreview
          preview={preview}
          key={previewing.language}
          episode={episode}
          track={previewing}
          onClose={() => setPreviewing(null)}
        />
      )}
      {/* Once the tracks are known, so the language offered first is one the episode lacks. */}
      {tracks && (
        <UploadForm
          key={replacing?.language ?? 'new'}
          episodeId={episode.id}
          tracks={tracks}
          replacing={replacing}
          onDone={() => setReplacing(null)}
        />
      )}
    </section>
  );
}

/** The episode's video with the stored WebVTT of `track` drawn over it (from a blob: address). */
function SubtitlePreview({
  episode,
  track,
  preview,
  onClose,
}: {
  episode: SubtitlesEpisode;
  track: SubtitleTrack;
  preview: TrackPreview;
  onClose: () => void;
}) {
  const { t } = useSubtitlesT();
  const { data, isError, refetch } = subtitlesApi.useAdminSubtitleTextQuery({
    episodeId: episode.id,
    language: track.language,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (data === undefined) return;
    const address = URL.createObjectURL(new Blob([data], { type: 'text/vtt' }));
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [data]);

  return (
    <div className="admin-subtitle-preview">
      <div className="admin-toolbar">
        <p className="admin-subtitle-previewing">{t('previewing', { label: track.label })}</p>
        <Button variant="ghost" onClick={onClose}>
          {t('closePreview')}
        </Button>
      </div>
      {isError && <ErrorNotice message={t('previewFailed')} onRetry={refetch} />}
      {!url && !isError && <InlineSpinner />}
      {url && <Fragment key={url}>{preview({ src: url, language: track.language, label: track.label })}</Fragment>}
    </div>
  );
}

const OTHER = 'other';

/** A file's text (`Blob.text` where the browser has it). */
function readText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

function UploadForm({
  episodeId,
  tracks,
  replacing,
  onDone,
}: {
  episodeId: number;
  tracks: readonly SubtitleTrack[];
  replacing: SubtitleTrack | null;
  onDone: () => void;
}) {
  const { t, language: uiLanguage } = useSubtitlesT();
  const dispatch = useAppDispatch();
  const [put, saving] = subtitlesApi.useAdminPutSubtitlesMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const common = COMMON_SUBTITLE_LANGUAGES as readonly string[];
  const firstFree = common.find((tag) => !tracks.some((track) => track.language === tag)) ?? 'en';
  const start = replacing?.language ?? firstFree;
  const [choice, setChoice] = useState(common.includes(start) ? start : OTHER);
  const [tag, setTag] = useState(common.includes(start) ? '' : start);
  const [label, setLabel] = useState(replacing?.label ?? ownName(start));
  const [labelEdited, setLabelEdited] = useState(Boolean(replacing));
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (replacing) fileInput.current?.focus();
  }, [replacing]);

  const language = choice === OTHER ? tag.trim() : choice;
  const existing = tracks.find((track) => track.language === language);

  function chooseLanguage(nextChoice: string, nextTag = tag) {
    setChoice(nextChoice);
    setTag(nextTag);
    const next = nextChoice === OTHER ? nextTag.trim() : nextChoice;
    if (!labelEdited) setLabel(isSubtitleLanguage(next) ? ownName(next) : '');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!file) found.file = t('chooseFile');
    else if (file.size > SUBTITLE_MAX_BYTES)
      found.file = t('tooLarge', { size: formatNumber(SUBTITLE_MAX_BYTES / 1024) });
    if (!isSubtitleLanguage(language)) found.language = t('tagInvalid');
    if (label.trim().length > SUBTITLE_LABEL_MAX_LENGTH)
      found.label = t('labelTooLong', { max: SUBTITLE_LABEL_MAX_LENGTH });
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    let text: string;
    try {
      text = await readText(file);
    } catch {
      setErrors({ file: t('unreadable') });
      return;
    }
    const trimmed = label.trim();
    const result = await put({ episodeId, language, upload: { text, ...(trimmed ? { label: trimmed } : {}) } });
    if ('error' in result) {
      const fields = fieldErrorsOf(result.error);
      const message = problemOf(result.error, t('saveFailed'));
      setErrors({
        ...(fields.label ? { label: fields.label } : {}),
        ...(fields.language ? { language: fields.language } : {}),
        ...(!fields.label && !fields.language ? { file: fields.text ?? message } : {}),
      });
      return;
    }
    dispatch(showToast({ type: 'success', message: t(existing ? 'replaced' : 'added', { label: result.data.label }) }));
    setFile(null);
    setFileKey((key) => key + 1);
    setErrors({});
    onDone();
  }

  const options: Array<[string, string]> = common.map((code) => {
    const inUi = languageName(code, uiLanguage);
    const own = ownName(code);
    return [code, inUi === own ? inUi : `${inUi} · ${own}`];
  });

  return (
    <form className="admin-subtitle-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{replacing ? t('replaceTitle', { label: replacing.label }) : t('uploadTitle')}</h3>
      <Field
        label={t('file')}
        error={errors.file}
        hint={t('fileHint', { size: formatNumber(SUBTITLE_MAX_BYTES / 1024) })}
      >
        {(props) => (
          <input
            {...props}
            key={fileKey}
            ref={fileInput}
            type="file"
            accept=".vtt,.srt,text/vtt"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setErrors(({ file: _gone, ...rest }) => rest);
            }}
          />
        )}
      </Field>
      <div className="admin-grid-2">
        <Field label={t('language')} error={choice === OTHER ? undefined : errors.language}>
          {(props) => (
            <select {...props} value={choice} onChange={(e) => chooseLanguage(e.target.value)}>
              {options.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
              <option value={OTHER}>{t('otherLanguage')}</option>
            </select>
          )}
        </Field>
        {choice === OTHER && (
          <TextField
            label={t('tag')}
            value={tag}
            hint={t('tagHint')}
            error={errors.language}
            autoCapitalize="off"
            spellCheck={false}
            onChange={(e) => chooseLanguage(OTHER, e.target.value)}
          />
        )}
        <TextField
          label={t('label')}
          value={label}
          hint={t('labelHint')}
          error={errors.label}
          maxLength={SUBTITLE_LABEL_MAX_LENGTH}
          lang={isSubtitleLanguage(language) ? language : undefined}
          onChange={(e) => {
            setLabel(e.target.value);
            setLabelEdited(true);
          }}
        />
      </div>
      <div className="admin-toolbar">
        <Button type="submit" disabled={saving.isLoading}>
          {saving.isLoading ? t('uploading') : existing ? t('replace') : t('upload')}
        </Button>
        {replacing && (
          <Button variant="ghost" onClick={onDone}>
            {t('cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
