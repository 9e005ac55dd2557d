/** Episodes: a series' episodes in play order (with reordering), every episode, and the episode form. */
import {
  Button,
  ErrorNotice,
  InlineSpinner,
  navigationRequested,
  showToast,
  useAppDispatch,
} from '@cliffhanger/shared';
import { type FormEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { adminApi } from '../api/admin.api';
import type { AdminEpisode } from '../api/admin.types';
import { AdminLayout } from '../layout/admin-layout';
import { AdminList, type Column, useListQuery } from '../layout/admin-list';
import { Checkbox, Field, fieldErrorsOf, problemOf, TextField } from '../layout/form';
import { VideoUpload } from '../media/video-upload';
import { SubtitlesPanel } from '../subtitles/subtitles-panel';
import { PricingRulePanel } from './pricing-rule';
import { PublishPanel, publishLabel } from './publish-panel';
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

export function SeriesEpisodes() {
  const seriesId = Number(useParams().seriesId);
  const series = adminApi.useAdminSeriesQuery(seriesId, { skip: !seriesId });
  const { data, isError, refetch } = adminApi.useAdminSeriesEpisodesQuery(seriesId, { skip: !seriesId });
  const [order, setOrder] = useState<AdminEpisode[] | null>(null);
  // Drag to reorder: the row being dragged and the one it is over (the arrows do the same by keyboard).
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const [saveOrder, saving] = adminApi.useAdminReorderEpisodesMutation();
  const [publish] = adminApi.useAdminPublishEpisodeMutation();
  const [unpublish] = adminApi.useAdminUnpublishEpisodeMutation();
  const dispatch = useAppDispatch();

  async function setPublished(episode: AdminEpisode, on: boolean) {
    const result = on ? await publish({ id: episode.id }) : await unpublish(episode.id);
    if ('error' in result)
      dispatch(showToast({ type: 'error', message: problemOf(result.error, 'The episode could not be changed') }));
    else dispatch(showToast({ type: 'success', message: `“${episode.title}” is ${on ? 'published' : 'unpublished'}` }));
  }
  // A fresh list (a save, another staff member's change, a background refresh) replaces the order on
  // screen unless the staff member has moved episodes and not saved yet: then their order is kept, with
  // the fresh rows, as long as the same episodes are there.
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
      dispatch(showToast({ type: 'error', message: problemOf(result.error, 'The new order could not be saved') }));
    else dispatch(showToast({ type: 'success', message: 'The new order is saved' }));
  }

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

  // Touch and pen drag by the handle with pointer events (phones do not start HTML drag and drop from
  // a touch); a mouse drags the whole row as before.
  const handleEvents = (index: number) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' || !order) return;
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
      if (event.pointerType === 'mouse' || dragged === null || !order) return;
      const at = rowAt(event.clientY) ?? over;
      if (at !== null && at !== dragged) setOrder(moved(order, dragged, at));
      setDragged(null);
      setOver(null);
    },
    onPointerCancel: () => {
      setDragged(null);
      setOver(null);
    },
  });

  return (
    <AdminLayout title={series.data ? `Episodes of “${series.data.title}”` : 'Episodes'}>
      <div className="admin-toolbar">
        <Link className="ch-button" to={`/admin/series/${seriesId}/episodes/new`}>
          New episode
        </Link>
        <Link to={`/admin/series/${seriesId}/edit`}>Edit and publish the series</Link>
        {changed && (
          <Button onClick={save} disabled={saving.isLoading}>
            Save the new order
          </Button>
        )}
      </div>
      {series.data && series.data.publish_state !== 'published' && (
        <p className="ch-muted">
          {series.data.publish_state === 'scheduled'
            ? 'The series is scheduled: its published episodes appear with it.'
            : 'The series is not on show yet: publishing it also publishes its draft episodes that have a video.'}
        </p>
      )}
      {isError && <ErrorNotice message="Failed to fetch episodes" onRetry={refetch} />}
      {!order && !isError && <InlineSpinner />}
      {order && (
        <ol className="admin-table-wrap" ref={list}>
          {order.map((episode, index) => (
            <li
              key={episode.id}
              className={[
                'admin-toolbar admin-episode-row',
                dragged === index ? 'is-dragging' : '',
                over === index && dragged !== index ? 'is-drop-target' : '',
              ].join(' ')}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(episode.id));
                setDragged(index);
              }}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                setOver(index);
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) setOrder(moved(order, dragged, index));
                setDragged(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
            >
              <span className="admin-drag-handle" aria-hidden="true" title="Drag to move" {...handleEvents(index)}>
                ⠿
              </span>
              <span className="admin-episode-title">
                S{episode.season_number} · {episode.title} — {episode.is_free ? 'free' : `${episode.coin_cost} coins`}
                {!episode.hls_url && ' · no video yet'}
              </span>
              <span className={`admin-state is-${episode.publish_state}`}>{publishLabel(episode)}</span>
              <Button
                variant="ghost"
                aria-label={`Move “${episode.title}” up`}
                disabled={index === 0}
                onClick={() => setOrder(moved(order, index, index - 1))}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                aria-label={`Move “${episode.title}” down`}
                disabled={index === order.length - 1}
                onClick={() => setOrder(moved(order, index, index + 1))}
              >
                ↓
              </Button>
              <Link to={`/admin/series/${seriesId}/episodes/${episode.id}/edit`}>Edit</Link>
              {episode.publish_state === 'published' || episode.publish_state === 'scheduled' ? (
                <Button variant="ghost" className="admin-publish-toggle" onClick={() => setPublished(episode, false)}>
                  Unpublish
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  className="admin-publish-toggle"
                  disabled={!episode.publish_checklist.every((check) => check.met)}
                  title={episode.publish_checklist.every((check) => check.met) ? undefined : 'Upload its video first'}
                  aria-label={`Publish “${episode.title}”`}
                  onClick={() => setPublished(episode, true)}
                >
                  Publish
                </Button>
              )}
            </li>
          ))}
          {order.length === 0 && <p className="ch-muted">This series has no episodes yet.</p>}
        </ol>
      )}
      {order && order.length > 1 && (
        <p className="ch-muted admin-hint">
          Drag an episode by its handle, or use its arrows, then save the new order.
        </p>
      )}
      {order && order.length > 0 && <PricingRulePanel seriesId={seriesId} episodes={order.length} />}
    </AdminLayout>
  );
}

export function AllEpisodes() {
  const list = useListQuery();
  const query = adminApi.useAdminEpisodesQuery({ ...list.args, limit: 20 });
  const columns: ReadonlyArray<Column<AdminEpisode>> = [
    {
      header: 'Episode',
      cell: (episode) => (
        <Link to={`/admin/episodes/${episode.id}/edit`}>
          {episode.episode_number}. {episode.title}
        </Link>
      ),
    },
    {
      header: 'Series',
      cell: (episode) => <Link to={`/admin/series/${episode.series_id}/episodes`}>{episode.series_title}</Link>,
    },
    { header: 'State', cell: (episode) => publishLabel(episode) },
    { header: 'Price', cell: (episode) => (episode.is_free ? 'Free' : `${episode.coin_cost} coins`) },
    { header: 'Unlocks', cell: (episode) => episode.unlocks },
  ];
  return (
    <AdminLayout title="All episodes">
      <AdminList list={list} searchLabel="Search" query={query} columns={columns} failed="Failed to fetch episodes" />
    </AdminLayout>
  );
}

interface EpisodeDraft {
  title: string;
  description: string;
  season_number: string;
  episode_number: string;
  is_free: boolean;
  coin_cost: string;
}

export function validateEpisode(draft: EpisodeDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.title.trim()) errors.title = 'Enter a title';
  if (!/^\d+$/.test(draft.season_number) || Number(draft.season_number) < 1)
    errors.season_number = 'Enter a season from 1';
  if (draft.episode_number && (!/^\d+$/.test(draft.episode_number) || Number(draft.episode_number) < 1)) {
    errors.episode_number = 'Enter a number from 1';
  }
  if (!draft.is_free && (!/^\d+$/.test(draft.coin_cost) || Number(draft.coin_cost) < 1)) {
    errors.coin_cost = 'A paid episode costs at least 1 coin';
  }
  return errors;
}

function EpisodeForm({ seriesId, episode }: { seriesId: number; episode?: AdminEpisode }) {
  const [draft, setDraft] = useState<EpisodeDraft>({
    title: episode?.title ?? '',
    description: episode?.description ?? '',
    season_number: String(episode?.season_number ?? 1),
    episode_number: episode ? String(episode.episode_number) : '',
    is_free: episode?.is_free ?? false,
    coin_cost: String(episode?.coin_cost || 10),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [create, creating] = adminApi.useAdminCreateEpisodeMutation();
  const [update, updating] = adminApi.useAdminUpdateEpisodeMutation();
  const dispatch = useAppDispatch();
  const set = <K extends keyof EpisodeDraft>(key: K, value: EpisodeDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    const found = validateEpisode(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: Partial<AdminEpisode> = {
      title: draft.title.trim(),
      description: draft.description,
      season_number: Number(draft.season_number),
      ...(draft.episode_number ? { episode_number: Number(draft.episode_number) } : {}),
      is_free: draft.is_free,
      ...(draft.is_free ? {} : { coin_cost: Number(draft.coin_cost) }),
    };
    const result = episode
      ? await update({ id: episode.id, changes: body })
      : await create({ seriesId, episode: body });
    if ('error' in result) {
      setErrors(fieldErrorsOf(result.error));
      setProblem(problemOf(result.error, 'The episode could not be saved'));
      return;
    }
    dispatch(showToast({ type: 'success', message: `“${result.data.title}” is saved` }));
    if (!episode) dispatch(navigationRequested({ to: `/admin/series/${seriesId}/episodes/${result.data.id}/edit` }));
  }

  return (
    <form className="ch-card admin-wide-form" onSubmit={submit} noValidate>
      <TextField
        label="Title"
        required
        value={draft.title}
        error={errors.title}
        onChange={(e) => set('title', e.target.value)}
      />
      <Field label="Description">
        {(props) => (
          <textarea
            {...props}
            rows={3}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      <div className="admin-grid-2">
        <TextField
          label="Season"
          inputMode="numeric"
          value={draft.season_number}
          error={errors.season_number}
          onChange={(e) => set('season_number', e.target.value)}
        />
        <TextField
          label="Episode number"
          inputMode="numeric"
          value={draft.episode_number}
          error={errors.episode_number}
          hint={episode ? undefined : 'The next free number when left empty'}
          onChange={(e) => set('episode_number', e.target.value)}
        />
        <TextField
          label="Coin cost"
          inputMode="numeric"
          value={draft.is_free ? '0' : draft.coin_cost}
          disabled={draft.is_free}
          error={errors.coin_cost}
          onChange={(e) => set('coin_cost', e.target.value)}
        />
      </div>
      <Checkbox label="Free to watch" checked={draft.is_free} onChange={(v) => set('is_free', v)} />
      {problem && (
        <p className="ch-field-error" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={creating.isLoading || updating.isLoading}>
        {episode ? 'Save changes' : 'Create episode'}
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
  return (
    <AdminLayout title="New episode">
      <p className="ch-muted">Save the episode first; its video can be uploaded right after.</p>
      <EpisodeForm seriesId={seriesId} />
    </AdminLayout>
  );
}

export function EditEpisode() {
  const episodeId = Number(useParams().episodeId);
  const { data, isError, refetch } = adminApi.useAdminEpisodeQuery(episodeId, { skip: !episodeId });
  return (
    <AdminLayout title={data ? `Edit “${data.title}”` : 'Edit episode'}>
      {isError && <ErrorNotice message="Failed to fetch episodes" onRetry={refetch} />}
      {!data && !isError && <InlineSpinner />}
      {data && (
        <>
          <p>
            <Link to={`/admin/series/${data.series_id}/episodes`}>All episodes of “{data.series_title}”</Link>
          </p>
          <EpisodeForm key={data.id} seriesId={data.series_id} episode={data} />
          <section className="ch-card admin-wide-form" aria-labelledby="episode-video">
            <h2 id="episode-video">Video</h2>
            <VideoPreview episodeId={data.id} title={data.title} hasVideo={Boolean(data.hls_url || data.video_url)} />
            <VideoUpload episodeId={data.id} onDone={refetch} />
          </section>
          <SubtitlesPanel episode={data} />
          <EpisodePublishing episode={data} />
        </>
      )}
    </AdminLayout>
  );
}
