/**
 * Series: the searchable list, and one form for new and existing series (with its categories, its
 * images and its publishing). A new series is a draft until staff publish it.
 */
import {
  Button,
  ErrorNotice,
  InlineSpinner,
  MediaImage,
  navigationRequested,
  showToast,
  useAppDispatch,
} from '@cliffhanger/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { adminApi } from '../api/admin.api';
import type { AdminCategory, AdminSeries } from '../api/admin.types';
import { AdminLayout } from '../layout/admin-layout';
import { AdminList, type Column, type ListFilter, useListQuery } from '../layout/admin-list';
import { Checkbox, Field, fieldErrorsOf, problemOf, TextField } from '../layout/form';
import { imageAddressFor } from '../media/image-host';
import { optimiseImage } from '../media/image-optimizer';
import { PublishPanel, publishLabel } from './publish-panel';
import { TagsField, tagsText } from './tags-field';

const SERIES_FILTERS: ReadonlyArray<ListFilter<'status'>> = [
  {
    name: 'status',
    label: 'Show',
    options: [
      ['active', 'All but hidden and deleted'],
      ['draft', 'Drafts'],
      ['scheduled', 'Scheduled'],
      ['published', 'Published'],
      ['unpublished', 'Unpublished'],
      ['hidden', 'Hidden'],
      ['deleted', 'Deleted'],
      ['all', 'All'],
    ],
  },
];

export function SeriesList() {
  const list = useListQuery({ status: 'active' });
  const query = adminApi.useAdminSeriesListQuery({ ...list.args, limit: 20 });
  const [remove] = adminApi.useAdminDeleteSeriesMutation();
  const [restore] = adminApi.useAdminRestoreSeriesMutation();
  const dispatch = useAppDispatch();

  async function softDelete(series: AdminSeries) {
    if (!window.confirm(`Delete “${series.title}”? Viewers will no longer see it; you can restore it later.`)) return;
    const result = await remove(series.id);
    if ('error' in result)
      dispatch(showToast({ type: 'error', message: problemOf(result.error, 'The series could not be deleted') }));
    else dispatch(showToast({ type: 'success', message: `“${series.title}” is deleted` }));
  }

  const columns: ReadonlyArray<Column<AdminSeries>> = [
    {
      header: 'Title',
      cell: (series) => (
        <>
          <Link to={`/admin/series/${series.id}/episodes`}>{series.title}</Link>
          <div className="ch-muted">
            #{series.id} · {series.slug}
          </div>
        </>
      ),
    },
    {
      header: 'State',
      cell: (series) => <span className={`admin-state is-${series.publish_state}`}>{publishLabel(series)}</span>,
    },
    { header: 'Episodes', cell: (series) => series.episodes_count },
    {
      header: 'Flags',
      cell: (series) =>
        [
          series.is_gold_exclusive && 'Gold',
          series.is_featured && 'Featured',
          series.is_trending && 'Trending',
          series.is_hidden && 'Hidden',
        ]
          .filter(Boolean)
          .join(', ') || '—',
    },
    {
      header: 'Actions',
      className: () => 'admin-toolbar',
      cell: (series) => (
        <>
          <Link to={`/admin/series/${series.id}/edit`}>Edit</Link>
          {series.deleted_at ? (
            <Button variant="secondary" onClick={() => restore(series.id)}>
              Restore
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => softDelete(series)}>
              Delete
            </Button>
          )}
        </>
      ),
    },
  ];

  return (
    <AdminLayout title="Series">
      <AdminList
        list={list}
        searchLabel="Search"
        filters={SERIES_FILTERS}
        actions={
          <Link className="ch-button" to="/admin/series/new">
            New series
          </Link>
        }
        query={query}
        columns={columns}
        failed="Failed to fetch series"
        empty="No series match."
      />
      <Button variant="ghost" onClick={() => dispatch(navigationRequested({ to: '/admin/episodes' }))}>
        See all episodes
      </Button>
    </AdminLayout>
  );
}

type Draft = {
  title: string;
  title_en: string;
  slug: string;
  description: string;
  tags: string;
  year: string;
  rating: string;
  is_gold_exclusive: boolean;
  is_featured: boolean;
  is_trending: boolean;
  is_top: boolean;
  is_hidden: boolean;
  category_ids: number[];
};

const EMPTY: Draft = {
  title: '',
  title_en: '',
  slug: '',
  description: '',
  tags: '',
  year: '',
  rating: '',
  is_gold_exclusive: false,
  is_featured: false,
  is_trending: false,
  is_top: false,
  is_hidden: false,
  category_ids: [],
};

function draftOf(series: AdminSeries): Draft {
  return {
    ...EMPTY,
    ...Object.fromEntries(Object.entries(series).filter(([key]) => key in EMPTY)),
    tags: tagsText(series.tags),
    category_ids: [...series.category_ids],
    year: series.year?.toString() ?? '',
    rating: series.rating?.toString() ?? '',
  } as Draft;
}

/** Checks in the browser what the API would refuse, so messages appear beside the field at once. */
export function validateSeries(draft: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.title.trim()) errors.title = 'Enter a title';
  if (draft.slug && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(draft.slug)) {
    errors.slug = 'Use lower-case letters, digits and single dashes';
  }
  if (draft.year && !/^\d{4}$/.test(draft.year)) errors.year = 'Enter a four-digit year';
  const rating = Number(draft.rating);
  if (draft.rating && (!Number.isFinite(rating) || rating < 0 || rating > 10))
    errors.rating = 'Enter a rating from 0 to 10';
  return errors;
}

function toBody(draft: Draft): Partial<AdminSeries> {
  return {
    title: draft.title.trim(),
    title_en: draft.title_en.trim(),
    ...(draft.slug ? { slug: draft.slug } : {}),
    description: draft.description,
    tags: draft.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    year: draft.year ? Number(draft.year) : null,
    rating: draft.rating ? Number(draft.rating) : null,
    is_gold_exclusive: draft.is_gold_exclusive,
    is_featured: draft.is_featured,
    is_trending: draft.is_trending,
    is_top: draft.is_top,
    is_hidden: draft.is_hidden,
    category_ids: draft.category_ids,
  };
}

/**
 * The genre chips a series is filed under: one checkbox per category, a field to add a new one (which
 * is ticked at once), and renaming in place.
 */
export function CategoryPicker({ selected, onChange }: { selected: number[]; onChange(ids: number[]): void }) {
  const { data: categories, isError, refetch } = adminApi.useAdminCategoriesQuery();
  const [create, creating] = adminApi.useAdminCreateCategoryMutation();
  const [rename] = adminApi.useAdminRenameCategoryMutation();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [problem, setProblem] = useState('');
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...new Set([...selected, id])] : selected.filter((value) => value !== id));

  async function add() {
    const text = name.trim();
    if (!text) return setProblem('Enter a name for the new category');
    if (categories?.some((c) => c.name.toLowerCase() === text.toLowerCase()))
      return setProblem(`“${text}” exists already: tick it above`);
    setProblem('');
    const result = await create({ name: text });
    if ('error' in result) return setProblem(problemOf(result.error, 'The category could not be added'));
    setName('');
    onChange([...selected, result.data.id]);
  }

  async function saveName(category: AdminCategory) {
    if (!renaming) return;
    const text = renaming.name.trim();
    if (!text) return setProblem('Enter a name for the category');
    if (text === category.name) return setRenaming(null);
    const result = await rename({ id: category.id, name: text });
    if ('error' in result) return setProblem(problemOf(result.error, 'The category could not be renamed'));
    setProblem('');
    setRenaming(null);
  }

  return (
    <fieldset className="admin-categories">
      <legend>Categories</legend>
      <p className="ch-muted admin-hint">Viewers find the series under these genre chips.</p>
      {isError && <ErrorNotice message="The categories could not be loaded" onRetry={refetch} />}
      {!categories && !isError && <InlineSpinner />}
      <ul className="admin-category-list">
        {categories?.map((category) => (
          <li key={category.id}>
            {renaming?.id === category.id ? (
              <span className="admin-toolbar">
                <TextField
                  label={`New name for “${category.name}”`}
                  value={renaming.name}
                  onChange={(e) => setRenaming({ id: category.id, name: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void saveName(category);
                    }
                  }}
                />
                <Button variant="secondary" onClick={() => saveName(category)}>
                  Save name
                </Button>
                <Button variant="ghost" onClick={() => setRenaming(null)}>
                  Cancel
                </Button>
              </span>
            ) : (
              <>
                <Checkbox
                  label={`${category.icon ? `${category.icon} ` : ''}${category.name}`}
                  checked={selected.includes(category.id)}
                  onChange={(on) => toggle(category.id, on)}
                />
                <Button
                  variant="ghost"
                  aria-label={`Rename “${category.name}”`}
                  onClick={() => setRenaming({ id: category.id, name: category.name })}
                >
                  Rename
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      <div className="admin-toolbar">
        <TextField
          label="New category"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
        />
        <Button variant="secondary" disabled={creating.isLoading} onClick={add}>
          Add category
        </Button>
      </div>
      {problem && (
        <p className="ch-field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

function SeriesForm({ series }: { series?: AdminSeries }) {
  const [draft, setDraft] = useState<Draft>(series ? draftOf(series) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [create, creating] = adminApi.useAdminCreateSeriesMutation();
  const [update, updating] = adminApi.useAdminUpdateSeriesMutation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (series) setDraft(draftOf(series));
  }, [series]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    const found = validateSeries(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = toBody(draft);
    const result = series ? await update({ id: series.id, changes: body }) : await create(body);
    if ('error' in result) {
      setErrors(fieldErrorsOf(result.error));
      setProblem(problemOf(result.error, 'The series could not be saved'));
      return;
    }
    dispatch(
      showToast({
        type: 'success',
        message: series ? `“${result.data.title}” is saved` : `“${result.data.title}” is saved as a draft`,
      }),
    );
    if (!series) dispatch(navigationRequested({ to: `/admin/series/${result.data.id}/episodes` }));
  }

  return (
    <form className="ch-card admin-wide-form" onSubmit={submit} noValidate>
      <div className="admin-grid-2">
        <TextField
          label="Title"
          required
          value={draft.title}
          error={errors.title}
          onChange={(e) => set('title', e.target.value)}
        />
        <TextField label="English title" value={draft.title_en} onChange={(e) => set('title_en', e.target.value)} />
        <TextField
          label="Address (slug)"
          value={draft.slug}
          error={errors.slug}
          hint="Made from the title when left empty"
          onChange={(e) => set('slug', e.target.value)}
        />
        <TagsField value={draft.tags} onChange={(value) => set('tags', value)} />
        <TextField
          label="Year"
          inputMode="numeric"
          value={draft.year}
          error={errors.year}
          onChange={(e) => set('year', e.target.value)}
        />
        <TextField
          label="Rating"
          inputMode="decimal"
          value={draft.rating}
          error={errors.rating}
          onChange={(e) => set('rating', e.target.value)}
        />
      </div>
      <Field label="Description">
        {(props) => (
          <textarea
            {...props}
            rows={4}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      <CategoryPicker selected={draft.category_ids} onChange={(ids) => set('category_ids', ids)} />
      <fieldset>
        <legend>Shown to viewers as</legend>
        <Checkbox
          label="Gold exclusive"
          checked={draft.is_gold_exclusive}
          onChange={(v) => set('is_gold_exclusive', v)}
        />
        <Checkbox label="Featured" checked={draft.is_featured} onChange={(v) => set('is_featured', v)} />
        <Checkbox label="Trending" checked={draft.is_trending} onChange={(v) => set('is_trending', v)} />
        <Checkbox label="Top" checked={draft.is_top} onChange={(v) => set('is_top', v)} />
        <Checkbox
          label="Hidden from viewers, even when published"
          checked={draft.is_hidden}
          onChange={(v) => set('is_hidden', v)}
        />
      </fieldset>
      {problem && (
        <p className="ch-field-error" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={creating.isLoading || updating.isLoading}>
        {series ? 'Save changes' : 'Create series'}
      </Button>
    </form>
  );
}

const MEDIA_FIELDS = [
  ['poster_image', 'Poster'],
  ['banner_image', 'Banner'],
  ['slider_image', 'Slider'],
  ['cover_image', 'Cover'],
] as const;

/** Media overrides (product.md#entities): each picked image is optimised in the browser, then saved on the server. */
function SeriesMediaForm({ series }: { series: AdminSeries }) {
  const [save] = adminApi.useAdminUpdateSeriesMediaMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dispatch = useAppDispatch();

  async function pick(field: (typeof MEDIA_FIELDS)[number][0], file: File | undefined) {
    if (!file) return;
    setBusy(field);
    setErrors((e) => ({ ...e, [field]: '' }));
    try {
      const address = await imageAddressFor(await optimiseImage(file, 'high'), `${series.slug}-${field}.webp`);
      const result = await save({ id: series.id, media: { [field]: address } });
      if ('error' in result)
        setErrors((e) => ({ ...e, [field]: problemOf(result.error, 'The image could not be saved') }));
      else dispatch(showToast({ type: 'success', message: 'The image is saved' }));
    } catch (error) {
      setErrors((e) => ({ ...e, [field]: (error as Error).message }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="ch-card admin-wide-form" aria-labelledby="series-media">
      <h2 id="series-media">Images</h2>
      <div className="admin-thumbs">
        {MEDIA_FIELDS.map(([field, label]) => (
          <div key={field}>
            <MediaImage
              src={series[field]}
              kind={field === 'poster_image' ? 'poster' : 'cover'}
              alt={`${label} of ${series.title}`}
            />
            <Field label={`${label} image`} error={errors[field]}>
              {(props) => (
                <input
                  {...props}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  disabled={busy !== null}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    // Emptied at once, so picking the same image again (after a failure) is noticed.
                    e.target.value = '';
                    pick(field, file);
                  }}
                />
              )}
            </Field>
            {series[field] && (
              <Button variant="ghost" onClick={() => save({ id: series.id, media: { [field]: null } })}>
                Remove
              </Button>
            )}
            {busy === field && <InlineSpinner label="Saving the image…" />}
          </div>
        ))}
      </div>
    </section>
  );
}

function SeriesPublishing({ series }: { series: AdminSeries }) {
  const [publish] = adminApi.useAdminPublishSeriesMutation();
  const [unpublish] = adminApi.useAdminUnpublishSeriesMutation();
  return (
    <PublishPanel
      item={series}
      what="series"
      onPublish={(publishAt) => publish({ id: series.id, publish_at: publishAt })}
      onUnpublish={() => unpublish(series.id)}
    />
  );
}

export function NewSeries() {
  return (
    <AdminLayout title="New series">
      <p className="ch-muted">A new series is a draft: viewers see it only once you publish it.</p>
      <SeriesForm />
    </AdminLayout>
  );
}

export function EditSeries() {
  const id = Number(useParams().id);
  const { data, isError, refetch } = adminApi.useAdminSeriesQuery(id, { skip: !id });
  return (
    <AdminLayout title={data ? `Edit “${data.title}”` : 'Edit series'}>
      {isError && <ErrorNotice message="Failed to fetch series detail" onRetry={refetch} />}
      {!data && !isError && <InlineSpinner />}
      {data && (
        <>
          <p>
            <Link to={`/admin/series/${data.id}/episodes`}>Episodes of this series</Link>
          </p>
          <SeriesPublishing series={data} />
          <SeriesForm series={data} />
          <SeriesMediaForm series={data} />
        </>
      )}
    </AdminLayout>
  );
}
