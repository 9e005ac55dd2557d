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
  SUPPORTED_LANGUAGES,
  showToast,
  useAppDispatch,
} from '@cliffhanger/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { adminApi } from '../../lib/api/admin.api';
import type { AdminSeries, Category } from '../../lib/api/admin.types';
import { AdminLayout } from '../../lib/layout/admin-layout';
import { AdminList, type Column, type ListFilter } from '../../lib/layout/admin-list';
import { Checkbox, Field, fieldErrorsOf, problemOf, SelectField, TextField } from '../../lib/layout/form';
import { useListQuery } from '../../lib/layout/list-query';
import { imageAddressFor } from '../media/image-host';
import { optimiseImage } from '../media/image-optimizer';
import { CategoryNames } from './category-names';
import { type AdminCatalogueKey, catalogueT, useCatalogueT } from './messages';
import { PublishPanel, publishLabel } from './publish-panel';
import { RussianText, russianTranslation } from './russian-text';
import { TagsField, tagsText } from './tags-field';

const STATUS_FILTERS = [
  'active',
  'draft',
  'scheduled',
  'published',
  'unpublished',
  'hidden',
  'deleted',
  'all',
] as const;

const seriesFilters = (t: typeof catalogueT): ReadonlyArray<ListFilter<'status'>> => [
  { name: 'status', label: t('filter.show'), options: STATUS_FILTERS.map((value) => [value, t(`filter.${value}`)]) },
];

export function SeriesList() {
  const list = useListQuery({ filters: { status: { default: 'active', values: STATUS_FILTERS } } });
  const query = adminApi.useAdminSeriesListQuery({ ...list.args, limit: 20 });
  const [remove] = adminApi.useAdminDeleteSeriesMutation();
  const [restore] = adminApi.useAdminRestoreSeriesMutation();
  const dispatch = useAppDispatch();
  const { t } = useCatalogueT();

  async function softDelete(series: AdminSeries) {
    if (!window.confirm(t('seriesList.confirmDelete', { title: series.title }))) return;
    const result = await remove(series.id);
    if ('error' in result)
      dispatch(showToast({ type: 'error', message: problemOf(result.error, t('seriesList.deleteFailed')) }));
    else dispatch(showToast({ type: 'success', message: t('seriesList.deleted', { title: series.title }) }));
  }

  const columns: ReadonlyArray<Column<AdminSeries>> = [
    {
      header: t('seriesList.colTitle'),
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
      header: t('seriesList.colState'),
      cell: (series) => <span className={`admin-state is-${series.publish_state}`}>{publishLabel(series)}</span>,
    },
    { header: t('seriesList.colEpisodes'), cell: (series) => series.episodes_count },
    {
      header: t('seriesList.colFlags'),
      cell: (series) =>
        [
          series.is_gold_exclusive && t('seriesList.gold'),
          series.is_featured && t('seriesList.featured'),
          series.is_trending && t('seriesList.trending'),
          series.is_hidden && t('seriesList.hidden'),
        ]
          .filter(Boolean)
          .join(', ') || '—',
    },
    {
      header: t('seriesList.colActions'),
      className: () => 'admin-toolbar',
      cell: (series) => (
        <>
          <Link to={`/admin/series/${series.id}/edit`}>{t('common.edit')}</Link>
          {series.deleted_at ? (
            <Button variant="secondary" onClick={() => restore(series.id)}>
              {t('seriesList.restore')}
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => softDelete(series)}>
              {t('seriesList.delete')}
            </Button>
          )}
        </>
      ),
    },
  ];

  return (
    <AdminLayout title={t('seriesList.title')}>
      <AdminList
        list={list}
        searchLabel={t('common.search')}
        filters={seriesFilters(t)}
        actions={
          <Link className="ch-button" to="/admin/series/new">
            {t('seriesList.new')}
          </Link>
        }
        query={query}
        columns={columns}
        failed={t('seriesList.failed')}
        empty={t('seriesList.empty')}
      />
      <Button variant="ghost" onClick={() => dispatch(navigationRequested({ to: '/admin/episodes' }))}>
        {t('seriesList.allEpisodes')}
      </Button>
      <CategoryNames />
    </AdminLayout>
  );
}

/** The languages a series can be spoken in (its `audio_language`). */
type AudioLanguage = (typeof SUPPORTED_LANGUAGES)[number];
const DEFAULT_AUDIO_LANGUAGE: AudioLanguage = 'en';
const isAudioLanguage = (value: unknown): value is AudioLanguage =>
  (SUPPORTED_LANGUAGES as readonly unknown[]).includes(value);

type Draft = {
  title: string;
  title_en: string;
  slug: string;
  description: string;
  /** The Russian title and description (`translations.ru`); both optional. */
  ru_title: string;
  ru_description: string;
  audio_language: AudioLanguage;
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
  ru_title: '',
  ru_description: '',
  audio_language: DEFAULT_AUDIO_LANGUAGE,
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
    ru_title: series.translations?.ru?.title ?? '',
    ru_description: series.translations?.ru?.description ?? '',
    audio_language: isAudioLanguage(series.audio_language) ? series.audio_language : DEFAULT_AUDIO_LANGUAGE,
  } as Draft;
}

/** Checks in the browser what the API would refuse, so messages appear beside the field at once. */
export function validateSeries(draft: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.title.trim()) errors.title = catalogueT('common.enterTitle');
  if (draft.slug && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(draft.slug)) {
    errors.slug = catalogueT('seriesForm.slugRule');
  }
  if (draft.year && !/^\d{4}$/.test(draft.year)) errors.year = catalogueT('seriesForm.yearRule');
  const rating = Number(draft.rating);
  if (draft.rating && (!Number.isFinite(rating) || rating < 0 || rating > 10))
    errors.rating = catalogueT('seriesForm.ratingRule');
  return errors;
}

function toBody(draft: Draft, series?: AdminSeries): Partial<AdminSeries> {
  // The audio language goes only when it is not the one the series has (English for a new one).
  const audio = series?.audio_language ?? DEFAULT_AUDIO_LANGUAGE;
  return {
    title: draft.title.trim(),
    title_en: draft.title_en.trim(),
    ...(draft.slug ? { slug: draft.slug } : {}),
    description: draft.description,
    ...russianTranslation(draft.ru_title, draft.ru_description, series?.translations),
    ...(draft.audio_language !== audio ? { audio_language: draft.audio_language } : {}),
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
  const { t } = useCatalogueT();
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...new Set([...selected, id])] : selected.filter((value) => value !== id));

  async function add() {
    const text = name.trim();
    if (!text) return setProblem(t('categories.enterNewName'));
    if (categories?.some((c) => c.name.toLowerCase() === text.toLowerCase()))
      return setProblem(t('categories.exists', { name: text }));
    setProblem('');
    const result = await create({ name: text });
    if ('error' in result) return setProblem(problemOf(result.error, t('categories.addFailed')));
    setName('');
    onChange([...selected, result.data.id]);
  }

  async function saveName(category: Category) {
    if (!renaming) return;
    const text = renaming.name.trim();
    if (!text) return setProblem(t('categories.enterName'));
    if (text === category.name) return setRenaming(null);
    const result = await rename({ id: category.id, name: text });
    if ('error' in result) return setProblem(problemOf(result.error, t('categories.renameFailed')));
    setProblem('');
    setRenaming(null);
  }

  return (
    <fieldset className="admin-categories">
      <legend>{t('categories.legend')}</legend>
      <p className="ch-muted admin-hint">{t('categories.hint')}</p>
      {isError && <ErrorNotice message={t('categories.loadFailed')} onRetry={refetch} />}
      {!categories && !isError && <InlineSpinner />}
      <ul className="admin-category-list">
        {categories?.map((category) => (
          <li key={category.id}>
            {renaming?.id === category.id ? (
              <span className="admin-toolbar">
                <TextField
                  label={t('categories.newNameFor', { name: category.name })}
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
                  {t('categories.saveName')}
                </Button>
                <Button variant="ghost" onClick={() => setRenaming(null)}>
                  {t('common.cancel')}
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
                  aria-label={t('categories.renameLabel', { name: category.name })}
                  onClick={() => setRenaming({ id: category.id, name: category.name })}
                >
                  {t('categories.rename')}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      <div className="admin-toolbar">
        <TextField
          label={t('categories.new')}
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
          {t('categories.add')}
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
  const { t } = useCatalogueT();
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
    const body = toBody(draft, series);
    const result = series ? await update({ id: series.id, changes: body }) : await create(body);
    if ('error' in result) {
      setErrors(fieldErrorsOf(result.error));
      setProblem(problemOf(result.error, t('seriesForm.saveFailed')));
      return;
    }
    dispatch(
      showToast({
        type: 'success',
        message: t(series ? 'common.saved' : 'seriesForm.savedDraft', { title: result.data.title }),
      }),
    );
    if (!series) dispatch(navigationRequested({ to: `/admin/series/${result.data.id}/episodes` }));
  }

  return (
    <form className="ch-card admin-wide-form" onSubmit={submit} noValidate>
      <div className="admin-grid-2">
        <TextField
          label={t('common.title')}
          required
          value={draft.title}
          error={errors.title}
          onChange={(e) => set('title', e.target.value)}
        />
        <TextField
          label={t('seriesForm.titleEn')}
          value={draft.title_en}
          onChange={(e) => set('title_en', e.target.value)}
        />
        <TextField
          label={t('seriesForm.slug')}
          value={draft.slug}
          error={errors.slug}
          hint={t('seriesForm.slugHint')}
          onChange={(e) => set('slug', e.target.value)}
        />
        <TagsField value={draft.tags} onChange={(value) => set('tags', value)} />
        <TextField
          label={t('seriesForm.year')}
          inputMode="numeric"
          value={draft.year}
          error={errors.year}
          onChange={(e) => set('year', e.target.value)}
        />
        <TextField
          label={t('seriesForm.rating')}
          hint={t('seriesForm.ratingHint')}
          inputMode="decimal"
          value={draft.rating}
          error={errors.rating}
          onChange={(e) => set('rating', e.target.value)}
        />
        <SelectField
          label={t('seriesForm.audioLanguage')}
          value={draft.audio_language}
          options={SUPPORTED_LANGUAGES.map((language) => [language, t(`language.${language}` as AdminCatalogueKey)])}
          onChange={(value) => isAudioLanguage(value) && set('audio_language', value)}
        />
      </div>
      <Field label={t('common.description')}>
        {(props) => (
          <textarea
            {...props}
            rows={4}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      <RussianText
        title={draft.ru_title}
        description={draft.ru_description}
        rows={4}
        onTitle={(value) => set('ru_title', value)}
        onDescription={(value) => set('ru_description', value)}
      />
      <CategoryPicker selected={draft.category_ids} onChange={(ids) => set('category_ids', ids)} />
      <fieldset>
        <legend>{t('seriesForm.shownAs')}</legend>
        <Checkbox
          label={t('seriesForm.goldExclusive')}
          checked={draft.is_gold_exclusive}
          onChange={(v) => set('is_gold_exclusive', v)}
        />
        <Checkbox
          label={t('seriesForm.featured')}
          checked={draft.is_featured}
          onChange={(v) => set('is_featured', v)}
        />
        <Checkbox
          label={t('seriesForm.trending')}
          checked={draft.is_trending}
          onChange={(v) => set('is_trending', v)}
        />
        <Checkbox label={t('seriesForm.top')} checked={draft.is_top} onChange={(v) => set('is_top', v)} />
        <Checkbox label={t('seriesForm.hidden')} checked={draft.is_hidden} onChange={(v) => set('is_hidden', v)} />
      </fieldset>
      {problem && (
        <p className="ch-field-error" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={creating.isLoading || updating.isLoading}>
        {series ? t('common.saveChanges') : t('seriesForm.create')}
      </Button>
    </form>
  );
}

const MEDIA_FIELDS = ['poster_image', 'banner_image', 'slider_image', 'cover_image'] as const;

/** Media overrides (product.md#entities): each picked image is optimised in the browser, then saved on the server. */
function SeriesMediaForm({ series }: { series: AdminSeries }) {
  const [save] = adminApi.useAdminUpdateSeriesMediaMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dispatch = useAppDispatch();

  const { t } = useCatalogueT();

  async function pick(field: (typeof MEDIA_FIELDS)[number], file: File | undefined) {
    if (!file) return;
    setBusy(field);
    setErrors((e) => ({ ...e, [field]: '' }));
    try {
      const address = await imageAddressFor(await optimiseImage(file, 'high'), `${series.slug}-${field}.webp`);
      const result = await save({ id: series.id, media: { [field]: address } });
      if ('error' in result) setErrors((e) => ({ ...e, [field]: problemOf(result.error, t('images.saveFailed')) }));
      else dispatch(showToast({ type: 'success', message: t('images.saved') }));
    } catch (error) {
      setErrors((e) => ({ ...e, [field]: (error as Error).message }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="ch-card admin-wide-form" aria-labelledby="series-media">
      <h2 id="series-media">{t('images.title')}</h2>
      <div className="admin-thumbs">
        {MEDIA_FIELDS.map((field) => (
          <div key={field}>
            <MediaImage
              src={series[field]}
              kind={field === 'poster_image' ? 'poster' : 'cover'}
              alt={t(`images.${field}.alt`, { title: series.title })}
            />
            <Field label={t(`images.${field}`)} error={errors[field]}>
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
                {t('common.remove')}
              </Button>
            )}
            {busy === field && <InlineSpinner label={t('images.saving')} />}
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
  const { t } = useCatalogueT();
  return (
    <AdminLayout title={t('newSeries.title')}>
      <p className="ch-muted">{t('newSeries.hint')}</p>
      <SeriesForm />
    </AdminLayout>
  );
}

export function EditSeries() {
  const id = Number(useParams().id);
  const { data, isError, refetch } = adminApi.useAdminSeriesQuery(id, { skip: !id });
  const { t } = useCatalogueT();
  return (
    <AdminLayout title={data ? t('common.editTitle', { title: data.title }) : t('editSeries.title')}>
      {isError && <ErrorNotice message={t('editSeries.failed')} onRetry={refetch} />}
      {!data && !isError && <InlineSpinner />}
      {data && (
        <>
          <p>
            <Link to={`/admin/series/${data.id}/episodes`}>{t('editSeries.episodes')}</Link>
          </p>
          <SeriesPublishing series={data} />
          <SeriesForm series={data} />
          <SeriesMediaForm series={data} />
        </>
      )}
    </AdminLayout>
  );
}
