/** Episodes: a series' episodes in play order (with reordering), every episode, and the episode form. */
import {
  Button,
  creditsStartOf,
  ErrorNotice,
  formatNumber,
  InlineSpinner,
  isValidCreditsMark,
  navigationRequested,
  showToast,
  useAppDispatch,
} from '@cliffhanger/shared';
import { type DragEvent, type FormEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { adminApi } from '../../lib/api/admin.api';
import type { AdminEpisode } from '../../lib/api/admin.types';
import { AdminLayout } from '../../lib/layout/admin-layout';
import { AdminList, type Column } from '../../lib/layout/admin-list';
import { Checkbox, Field, fieldErrorsOf, problemOf, TextField } from '../../lib/layout/form';
import { useListQuery } from '../../lib/layout/list-query';
import { VideoUpload } from '../media/video-upload';
import { SubtitlesPanel } from '../subtitles/subtitles-panel';
import { catalogueT, useCatalogueT } from './messages';
import { PricingRulePanel } from './pricing-rule';
import { PublishPanel, publishLabel } from './publish-panel';
import { RussianText, russianTranslation } from './russian-text';
import { UnfinishedUpload } from './unfinished-upload';
import { VideoPreview } from './video-preview';

export function moved<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

const sameOrder = (a: readonly { id: number }[], b: readonly { id: number }[]) =>
  a.length === b.length && a.every((row, i) => row.id === b[i]?.id);

/**
 * The episode order to show when a fresh list arrives: the fresh list, unless `mine` holds moves not yet
 * saved (it differs from the list it was made from, `before`) and the same episodes are still there —
 * then `mine`'s order, with the fresh rows.
 */
export function keepUnsavedOrder<T extends { id: number }>(mine: T[] | null, before: T[] | null, fresh: T[] | null) {
  if (!mine || !before || !fresh || sameOrder(mine, before)) return fresh;
  const rows = new Map(fresh.map((row) => [row.id, row]));
  if (rows.size !== mine.length || !mine.every((row) => rows.has(row.id))) return fresh;
  return mine.map((row) => rows.get(row.id) as T);
}

/** Publishing and unpublishing one episode from the list, with a toast saying how it went. */
function useEpisodePublishing() {
  const [publish] = adminApi.useAdminPublishEpisodeMutation();
  const [unpublish] = adminApi.useAdminUnpublishEpisodeMutation();
  const dispatch = useAppDispatch();
  const { t } = useCatalogueT();
  return async function setPublished(episode: AdminEpisode, on: boolean) {
    const result = on ? await publish({ id: episode.id }) : await unpublish(episode.id);
    if ('error' in result)
      dispatch(showToast({ type: 'error', message: problemOf(result.error, t('episodes.changeFailed')) }));
    else
      dispatch(
        showToast({
          type: 'success',
          message: t(on ? 'episodes.published' : 'episodes.unpublished', { title: episode.title }),
        }),
      );
  };
}

/**
 * The episode order on screen and its saving. A fresh list (a save, another staff member's change, a
 * background refresh) replaces the order on screen unless the staff member has moved episodes and not
 * saved yet: then their order is kept, with the fresh rows, as long as the same episodes are there.
 */
function useEpisodeOrder(seriesId: number, data: AdminEpisode[] | undefined) {
  const [order, setOrder] = useState<AdminEpisode[] | null>(null);
  const [saveOrder, saving] = adminApi.useAdminReorderEpisodesMutation();
  const dispatch = useAppDispatch();
  const { t } = useCatalogueT();
  const shown = useRef<AdminEpisode[] | null>(null);
  useEffect(() => {
    setOrder((mine) => keepUnsavedOrder(mine, shown.current, data ?? null));
    shown.current = data ?? null;
  }, [data]);
  const changed = !!order && !!data && order.some((episode, i) => episode.id !== data[i]?.id);

  async function save() {
    if (!order) return;
    const result = await saveOrder({ seriesId, episodeIds: order.map((e) => e.id) });
    if ('error' in result)
      dispatch(showToast({ type: 'error', message: problemOf(result.error, t('episodes.orderFailed')) }));
    else dispatch(showToast({ type: 'success', message: t('episodes.orderSaved') }));
  }

  const move = (from: number, to: number) => setOrder((current) => (current ? moved(current, from, to) : current));
  return { order, move, changed, save, saving: saving.isLoading };
}

/**
 * Drag to reorder: the row being dragged and the one it is over (the arrows do the same by keyboard).
 * A mouse drags the whole row (HTML drag and drop); touch and pen drag by the handle with pointer
 * events, since phones do not start HTML drag and drop from a touch.
 */
function useEpisodeDrag(move: (from: number, to: number) => void) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const stop = () => {
    setDragged(null);
    setOver(null);
  };
  const dropAt = (at: number | null) => {
    if (dragged !== null && at !== null && at !== dragged) move(dragged, at);
    stop();
  };

  /** The row under a finger at `y` (client pixels); above the list is the first row, below it the last. */
  function rowAt(y: number): number | null {
    const rows = [...(list.current?.children ?? [])].filter((row) => row.classList.contains('admin-episode-row'));
    if (rows.length === 0) return null;
    const index = rows.findIndex((row) => {
      const box = row.getBoundingClientRect();
      return y >= box.top && y < box.bottom;
    });
    if (index !== -1) return index;
    return y < (rows[0] as Element).getBoundingClientRect().top ? 0 : rows.length - 1;
  }

  const handleEvents = (index: number) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDragged(index);
      setOver(index);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' || dragged === null) return;
      const at = rowAt(event.clientY);
      if (at !== null) setOver(at);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' || dragged === null) return;
      dropAt(rowAt(event.clientY) ?? over);
    },
    onPointerCancel: stop,
  });

  const rowEvents = (index: number, episodeId: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(episodeId));
      setDragged(index);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (dragged === null) return;
      event.preventDefault();
      setOver(index);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      dropAt(index);
    },
    onDragEnd: stop,
  });

  const rowClass = (index: number) =>
    [
      'admin-toolbar admin-episode-row',
      dragged === index ? 'is-dragging' : '',
      over === index && dragged !== index ? 'is-drop-target' : '',
    ].join(' ');

  return { list, handleEvents, rowEvents, rowClass };
}

interface EpisodeRowProps {
  episode: AdminEpisode;
  index: number;
  count: number;
  seriesId: number;
  drag: ReturnType<typeof useEpisodeDrag>;
  move: (from: number, to: number) => void;
  setPublished: (episode: AdminEpisode, on: boolean) => void;
}

/** One episode in play order: its handle, title, price and state, the arrows, edit and publish. */
function EpisodeRow({ episode, index, count, seriesId, drag, move, setPublished }: EpisodeRowProps) {
  const { t } = useCatalogueT();
  const ready = episode.publish_checklist.every((check) => check.met);
  return (
    <li className={drag.rowClass(index)} {...drag.rowEvents(index, episode.id)}>
      <span
        className="admin-drag-handle"
        aria-hidden="true"
        title={t('episodes.dragToMove')}
        {...drag.handleEvents(index)}
      >
        ⠿
      </span>
      <span className="admin-episode-title">
        {t('episodes.season', { season: episode.season_number })} · {episode.title} —{' '}
        {priceLabel(episode, t('common.freeLower'), t)}
        {!episode.hls_url && ` · ${t('episodes.noVideo')}`}
      </span>
      <span className={`admin-state is-${episode.publish_state}`}>{publishLabel(episode)}</span>
      <Button
        variant="ghost"
        aria-label={t('episodes.moveUp', { title: episode.title })}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
      >
        ↑
      </Button>
      <Button
        variant="ghost"
        aria-label={t('episodes.moveDown', { title: episode.title })}
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
      >
        ↓
      </Button>
      <Link to={`/admin/series/${seriesId}/episodes/${episode.id}/edit`}>{t('common.edit')}</Link>
      {episode.publish_state === 'published' || episode.publish_state === 'scheduled' ? (
        <Button variant="ghost" className="admin-publish-toggle" onClick={() => setPublished(episode, false)}>
          {t('common.unpublish')}
        </Button>
      ) : (
        <Button
          variant="ghost"
          className="admin-publish-toggle"
          disabled={!ready}
          title={ready ? undefined : t('episodes.uploadFirst')}
          aria-label={t('episodes.publishLabel', { title: episode.title })}
          onClick={() => setPublished(episode, true)}
        >
          {t('common.publish')}
        </Button>
      )}
    </li>
  );
}

export function SeriesEpisodes() {
  const seriesId = Number(useParams().seriesId);
  const series = adminApi.useAdminSeriesQuery(seriesId, { skip: !seriesId });
  const { data, isError, refetch } = adminApi.useAdminSeriesEpisodesQuery(seriesId, { skip: !seriesId });
  const { order, move, changed, save, saving } = useEpisodeOrder(seriesId, data);
  const drag = useEpisodeDrag(move);
  const setPublished = useEpisodePublishing();
  const { t } = useCatalogueT();

  return (
    <AdminLayout title={series.data ? t('episodes.titleOf', { title: series.data.title }) : t('episodes.title')}>
      <div className="admin-toolbar">
        <Link className="ch-button" to={`/admin/series/${seriesId}/episodes/new`}>
          {t('episodes.new')}
        </Link>
        <Link to={`/admin/series/${seriesId}/edit`}>{t('episodes.editSeries')}</Link>
        {changed && (
          <Button onClick={save} disabled={saving}>
            {t('episodes.saveOrder')}
          </Button>
        )}
      </div>
      {series.data && series.data.publish_state !== 'published' && (
        <p className="ch-muted">
          {series.data.publish_state === 'scheduled' ? t('episodes.seriesScheduled') : t('episodes.seriesNotShown')}
        </p>
      )}
      {isError && <ErrorNotice message={t('episodes.failed')} onRetry={refetch} />}
      {!order && !isError && <InlineSpinner />}
      {order && (
        <ol className="admin-table-wrap" ref={drag.list}>
          {order.map((episode, index) => (
            <EpisodeRow
              key={episode.id}
              episode={episode}
              index={index}
              count={order.length}
              seriesId={seriesId}
              drag={drag}
              move={move}
              setPublished={setPublished}
            />
          ))}
          {order.length === 0 && <p className="ch-muted">{t('episodes.none')}</p>}
        </ol>
      )}
      {order && order.length > 1 && <p className="ch-muted admin-hint">{t('episodes.dragHint')}</p>}
      {order &&
        order.length > 0 &&
        (series.data?.is_gold_exclusive ? (
          <p className="ch-muted">{t('episodes.goldNoPricing')}</p>
        ) : (
          <PricingRulePanel seriesId={seriesId} episodes={order.length} />
        ))}
    </AdminLayout>
  );
}

export function AllEpisodes() {
  const list = useListQuery();
  const query = adminApi.useAdminEpisodesQuery({ ...list.args, limit: 20 });
  const { t } = useCatalogueT();
  const columns: ReadonlyArray<Column<AdminEpisode>> = [
    {
      header: t('allEpisodes.colEpisode'),
      cell: (episode) => (
        <Link to={`/admin/episodes/${episode.id}/edit`}>
          {episode.episode_number}. {episode.title}
        </Link>
      ),
    },
    {
      header: t('allEpisodes.colSeries'),
      cell: (episode) => <Link to={`/admin/series/${episode.series_id}/episodes`}>{episode.series_title}</Link>,
    },
    { header: t('allEpisodes.colState'), cell: (episode) => publishLabel(episode) },
    {
      header: t('allEpisodes.colPrice'),
      cell: (episode) => priceLabel(episode, t('common.free'), t),
    },
    { header: t('allEpisodes.colUnlocks'), cell: (episode) => formatNumber(episode.unlocks) },
  ];
  return (
    <AdminLayout title={t('allEpisodes.title')}>
      <AdminList
        list={list}
        searchLabel={t('common.search')}
        query={query}
        columns={columns}
        failed={t('episodes.failed')}
      />
    </AdminLayout>
  );
}

interface EpisodeDraft {
  title: string;
  description: string;
  ru_title: string;
  ru_description: string;
  season_number: string;
  episode_number: string;
  is_free: boolean;
  coin_cost: string;
  /** Seconds, as typed ("110", "110.5" or "110,5"); empty: no mark. */
  credits_start: string;
}

/** The typed credits mark in seconds: null when empty, NaN when not a number. */
export function creditsMarkOf(typed: string): number | null {
  const text = typed.trim().replace(',', '.');
  if (!text) return null;
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** Seconds as staff read them: at most one decimal. */
const seconds = (value: number) => String(Math.round(value * 10) / 10);

/**
 * What an episode costs, as the lists say it: free, its coin price, or Gold — a paid episode without a
 * price is one of a Gold-exclusive series, which opens with Gold only.
 */
function priceLabel(
  episode: Pick<AdminEpisode, 'is_free' | 'coin_cost'>,
  free: string,
  t: ReturnType<typeof useCatalogueT>['t'],
): string {
  if (episode.is_free) return free;
  return episode.coin_cost > 0 ? t('common.coins', { count: episode.coin_cost }) : t('seriesList.gold');
}

/**
 * The form's problems; a Gold-exclusive series' episode has no price to check, and the credits mark
 * must fall inside the episode's `duration`.
 */
export function validateEpisode(
  draft: EpisodeDraft,
  { duration = 0, goldExclusive = false }: { duration?: number; goldExclusive?: boolean } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.title.trim()) errors.title = catalogueT('common.enterTitle');
  if (!/^\d+$/.test(draft.season_number) || Number(draft.season_number) < 1)
    errors.season_number = catalogueT('episodeForm.seasonRule');
  if (draft.episode_number && (!/^\d+$/.test(draft.episode_number) || Number(draft.episode_number) < 1)) {
    errors.episode_number = catalogueT('episodeForm.numberRule');
  }
  if (!goldExclusive && !draft.is_free && (!/^\d+$/.test(draft.coin_cost) || Number(draft.coin_cost) < 1)) {
    errors.coin_cost = catalogueT('episodeForm.costRule');
  }
  const mark = creditsMarkOf(draft.credits_start);
  if (mark !== null && !isValidCreditsMark(mark, duration)) {
    errors.credits_start =
      duration > 0
        ? catalogueT('episodeForm.creditsRule', { duration: seconds(duration) })
        : catalogueT('episodeForm.creditsNoVideo');
  }
  return errors;
}

function EpisodeForm({ seriesId, episode }: { seriesId: number; episode?: AdminEpisode }) {
  const [draft, setDraft] = useState<EpisodeDraft>({
    title: episode?.title ?? '',
    description: episode?.description ?? '',
    ru_title: episode?.translations?.ru?.title ?? '',
    ru_description: episode?.translations?.ru?.description ?? '',
    season_number: String(episode?.season_number ?? 1),
    episode_number: episode ? String(episode.episode_number) : '',
    is_free: episode?.is_free ?? false,
    coin_cost: String(episode?.coin_cost || 10),
    credits_start: episode?.credits_start != null ? seconds(episode.credits_start) : '',
  });
  const duration = episode?.duration ?? 0;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const gold = Boolean(adminApi.useAdminSeriesQuery(seriesId, { skip: !seriesId }).data?.is_gold_exclusive);
  const [create, creating] = adminApi.useAdminCreateEpisodeMutation();
  const [update, updating] = adminApi.useAdminUpdateEpisodeMutation();
  const dispatch = useAppDispatch();
  const { t } = useCatalogueT();
  const set = <K extends keyof EpisodeDraft>(key: K, value: EpisodeDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    const found = validateEpisode(draft, { duration, goldExclusive: gold });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: Partial<AdminEpisode> = {
      title: draft.title.trim(),
      description: draft.description,
      ...russianTranslation(draft.ru_title, draft.ru_description, episode?.translations),
      season_number: Number(draft.season_number),
      ...(draft.episode_number ? { episode_number: Number(draft.episode_number) } : {}),
      is_free: draft.is_free,
      // A Gold-exclusive series' episode has no coin price to send (the server refuses one).
      ...(draft.is_free || gold ? {} : { coin_cost: Number(draft.coin_cost) }),
      // Only an episode with a video has a length to mark the credits in.
      ...(episode ? { credits_start: creditsMarkOf(draft.credits_start) } : {}),
    };
    const result = episode
      ? await update({ id: episode.id, changes: body })
      : await create({ seriesId, episode: body });
    if ('error' in result) {
      setErrors(fieldErrorsOf(result.error));
      setProblem(problemOf(result.error, t('episodeForm.saveFailed')));
      return;
    }
    dispatch(showToast({ type: 'success', message: t('common.saved', { title: result.data.title }) }));
    if (!episode) dispatch(navigationRequested({ to: `/admin/series/${seriesId}/episodes/${result.data.id}/edit` }));
  }

  return (
    <form className="ch-card admin-wide-form" onSubmit={submit} noValidate>
      <TextField
        label={t('common.title')}
        required
        value={draft.title}
        error={errors.title}
        onChange={(e) => set('title', e.target.value)}
      />
      <Field label={t('common.description')}>
        {(props) => (
          <textarea
            {...props}
            rows={3}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      <RussianText
        title={draft.ru_title}
        description={draft.ru_description}
        rows={3}
        onTitle={(value) => set('ru_title', value)}
        onDescription={(value) => set('ru_description', value)}
      />
      <div className="admin-grid-2">
        <TextField
          label={t('episodeForm.season')}
          inputMode="numeric"
          value={draft.season_number}
          error={errors.season_number}
          onChange={(e) => set('season_number', e.target.value)}
        />
        <TextField
          label={t('episodeForm.number')}
          inputMode="numeric"
          value={draft.episode_number}
          error={errors.episode_number}
          hint={episode ? undefined : t('episodeForm.numberHint')}
          onChange={(e) => set('episode_number', e.target.value)}
        />
        {!gold && (
          <TextField
            label={t('episodeForm.cost')}
            inputMode="numeric"
            value={draft.is_free ? '0' : draft.coin_cost}
            disabled={draft.is_free}
            error={errors.coin_cost}
            onChange={(e) => set('coin_cost', e.target.value)}
          />
        )}
      </div>
      {gold && <p className="ch-muted">{t('episodeForm.goldOnly')}</p>}
      <Checkbox label={t('episodeForm.free')} checked={draft.is_free} onChange={(v) => set('is_free', v)} />
      {episode && (
        <TextField
          label={t('episodeForm.credits')}
          inputMode="decimal"
          value={draft.credits_start}
          disabled={!(duration > 0)}
          error={errors.credits_start}
          hint={
            duration > 0
              ? t('episodeForm.creditsHint', {
                  duration: seconds(duration),
                  seconds: seconds(duration - creditsStartOf({ duration })),
                })
              : t('episodeForm.creditsNoVideo')
          }
          onChange={(e) => set('credits_start', e.target.value)}
        />
      )}
      {problem && (
        <p className="ch-field-error" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={creating.isLoading || updating.isLoading}>
        {episode ? t('common.saveChanges') : t('episodeForm.create')}
      </Button>
    </form>
  );
}

function EpisodePublishing({ episode }: { episode: AdminEpisode }) {
  const [publish] = adminApi.useAdminPublishEpisodeMutation();
  const [unpublish] = adminApi.useAdminUnpublishEpisodeMutation();
  return (
    <PublishPanel
      item={episode}
      what="episode"
      onPublish={(publishAt) => publish({ id: episode.id, publish_at: publishAt })}
      onUnpublish={() => unpublish(episode.id)}
    />
  );
}

export function NewEpisode() {
  const seriesId = Number(useParams().seriesId);
  const { t } = useCatalogueT();
  return (
    <AdminLayout title={t('newEpisode.title')}>
      <p className="ch-muted">{t('newEpisode.hint')}</p>
      <EpisodeForm seriesId={seriesId} />
    </AdminLayout>
  );
}

export function EditEpisode() {
  const episodeId = Number(useParams().episodeId);
  const { data, isError, refetch } = adminApi.useAdminEpisodeQuery(episodeId, { skip: !episodeId });
  const { t } = useCatalogueT();
  return (
    <AdminLayout title={data ? t('common.editTitle', { title: data.title }) : t('editEpisode.title')}>
      {isError && <ErrorNotice message={t('episodes.failed')} onRetry={refetch} />}
      {!data && !isError && <InlineSpinner />}
      {data && (
        <>
          <p>
            <Link to={`/admin/series/${data.series_id}/episodes`}>
              {t('editEpisode.allOf', { title: data.series_title })}
            </Link>
          </p>
          <EpisodeForm key={data.id} seriesId={data.series_id} episode={data} />
          <section className="ch-card admin-wide-form" aria-labelledby="episode-video">
            <h2 id="episode-video">{t('editEpisode.video')}</h2>
            <UnfinishedUpload episodeId={data.id} />
            <VideoPreview episodeId={data.id} title={data.title} hasVideo={Boolean(data.hls_url || data.video_url)} />
            <VideoUpload episodeId={data.id} onDone={refetch} />
          </section>
          <SubtitlesPanel
            episode={data}
            preview={(track) => (
              <VideoPreview
                episodeId={data.id}
                title={data.title}
                hasVideo={Boolean(data.hls_url || data.video_url)}
                tracks={[track]}
                initiallyOpen
              />
            )}
          />
          <EpisodePublishing episode={data} />
        </>
      )}
    </AdminLayout>
  );
}
