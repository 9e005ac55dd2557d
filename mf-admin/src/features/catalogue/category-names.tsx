/**
 * The genres' names in Russian (each category's `translations.ru`), on the series screen: the genre
 * chips viewers see read in their language, and a genre with no Russian name shows the name staff gave
 * it. One row per genre with its Russian name, saved on its own; the API checks again and names what
 * it refuses. Each row says how many series use the genre and whether viewers see it (only a genre a
 * series on show uses is a chip); a genre no series uses can be deleted.
 */
import {
  Button,
  type CategoryTranslations,
  ErrorNotice,
  InlineSpinner,
  showToast,
  useAppDispatch,
} from '@cliffhanger/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import type { AdminCategory, Category } from '../../lib/api/admin.types';
import { type Column, ListTable } from '../../lib/layout/admin-list';
import { problemOf } from '../../lib/layout/form';
import { catalogueT, useCatalogueT } from './messages';

/** The API's limit on a genre's name, in any language. */
const NAME_MAX_LENGTH = 60;

/** The category's names by language with the Russian one from the form (none when left empty). */
export function categoryTranslations(ruName: string, before?: CategoryTranslations | null): CategoryTranslations {
  const { ru: _ru, ...others } = before ?? {};
  const title = ruName.trim();
  return title ? { ...others, ru: { title } } : others;
}

export function ruNameError(value: string): string | undefined {
  return value.trim().length > NAME_MAX_LENGTH
    ? catalogueT('genreNames.ruNameLength', { max: NAME_MAX_LENGTH })
    : undefined;
}

function RussianName({ category }: { category: Category }) {
  const saved = category.translations?.ru?.title ?? '';
  const [value, setValue] = useState(saved);
  const [problem, setProblem] = useState('');
  const [translate, state] = adminApi.useAdminTranslateCategoryMutation();
  const dispatch = useAppDispatch();
  const { t } = useCatalogueT();
  const messageId = useId();
  useEffect(() => setValue(saved), [saved]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = ruNameError(value);
    if (wrong) return setProblem(wrong);
    const result = await translate({
      id: category.id,
      translations: categoryTranslations(value, category.translations),
    });
    if ('error' in result) return setProblem(problemOf(result.error, t('genreNames.failed')));
    setProblem('');
    dispatch(showToast({ type: 'success', message: t('genreNames.saved', { name: category.name }) }));
  }

  return (
    <form className="admin-category-name" onSubmit={submit} noValidate>
      <input
        lang="ru"
        value={value}
        aria-label={t('genreNames.ruNameOf', { name: category.name })}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? messageId : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={state.isLoading || value.trim() === saved}
        aria-label={t('genreNames.saveOf', { name: category.name })}
      >
        {t('genreNames.save')}
      </Button>
      {problem && (
        <p id={messageId} className="ch-field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** How many series use the genre and whether viewers see it; a Delete button when none uses it. */
function GenreUse({ category }: { category: AdminCategory }) {
  const [remove, state] = adminApi.useAdminDeleteCategoryMutation();
  const [problem, setProblem] = useState('');
  const dispatch = useAppDispatch();
  const { t } = useCatalogueT();

  async function deleteGenre() {
    if (!window.confirm(t('genreNames.deleteConfirm', { name: category.name }))) return;
    const result = await remove(category.id);
    if ('error' in result) return setProblem(problemOf(result.error, t('genreNames.deleteFailed')));
    dispatch(showToast({ type: 'success', message: t('genreNames.deleted', { name: category.name }) }));
  }

  return (
    <>
      <div>{t('genreNames.seriesCount', { count: category.series_count })}</div>
      <div className="ch-muted">{t(category.shown ? 'genreNames.shown' : 'genreNames.notShown')}</div>
      {category.series_count === 0 && (
        <Button
          variant="ghost"
          onClick={() => void deleteGenre()}
          disabled={state.isLoading}
          aria-label={t('genreNames.deleteOf', { name: category.name })}
        >
          {t('genreNames.delete')}
        </Button>
      )}
      {problem && (
        <p className="ch-field-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

export function CategoryNames() {
  const { data, isFetching, isError, refetch } = adminApi.useAdminCategoriesQuery();
  const { t } = useCatalogueT();
  const headingId = useId();
  const columns: ReadonlyArray<Column<AdminCategory>> = [
    {
      header: t('genreNames.colName'),
      cell: (category) => (
        <>
          {category.name}
          <div className="ch-muted">{category.slug}</div>
        </>
      ),
    },
    { header: t('genreNames.colRuName'), cell: (category) => <RussianName category={category} /> },
    { header: t('genreNames.colUse'), cell: (category) => <GenreUse category={category} /> },
  ];
  return (
    <section className="ch-card admin-wide-form admin-category-names" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('genreNames.title')}</h2>
      <p className="ch-muted admin-hint">{t('genreNames.hint')}</p>
      {isFetching && !data && <InlineSpinner />}
      {isError && <ErrorNotice message={t('genreNames.loadFailed')} onRetry={() => void refetch()} />}
      {data && data.length === 0 && <p className="ch-muted">{t('genreNames.none')}</p>}
      {data && data.length > 0 && (
        <ListTable
          rows={data}
          columns={columns}
          page={1}
          limit={data.length}
          count={data.length}
          onPage={() => undefined}
          pagerLabel={t('genreNames.pager')}
        />
      )}
    </section>
  );
}
