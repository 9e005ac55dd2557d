/**
 * The optional Russian title and description of a series or an episode (its `translations.ru`):
 * viewers who use the site in Russian see them instead of the original text.
 */
import type { Translations } from '@cliffhanger/shared';
import { Field, TextField } from '../../lib/layout/form';
import { useCatalogueT } from './messages';

export function RussianText({
  title,
  description,
  rows,
  onTitle,
  onDescription,
}: {
  title: string;
  description: string;
  rows: number;
  onTitle(value: string): void;
  onDescription(value: string): void;
}) {
  const { t } = useCatalogueT();
  return (
    <fieldset className="admin-translation">
      <legend>{t('translation.ru')}</legend>
      <p className="ch-muted admin-hint">{t('translation.ruHint')}</p>
      <TextField label={t('translation.ruTitle')} lang="ru" value={title} onChange={(e) => onTitle(e.target.value)} />
      <Field label={t('translation.ruDescription')}>
        {(props) => (
          <textarea
            {...props}
            lang="ru"
            rows={rows}
            value={description}
            onChange={(e) => onDescription(e.target.value)}
          />
        )}
      </Field>
    </fieldset>
  );
}

/**
 * The Russian text staff filled in, as the API takes it (`translations.ru`): only the fields that hold
 * text, so clearing both leaves the series or episode with no Russian text. Nothing is sent when there
 * is no Russian text now and there was none before, so such a save is the same request as ever.
 */
export function russianTranslation(
  title: string,
  description: string,
  before?: Translations | null,
): { translations?: Translations } {
  const ru = { title: title.trim(), description: description.trim() };
  if (!ru.title && !ru.description && !before?.ru?.title && !before?.ru?.description) return {};
  return {
    translations: {
      ru: { ...(ru.title ? { title: ru.title } : {}), ...(ru.description ? { description: ru.description } : {}) },
    },
  };
}
