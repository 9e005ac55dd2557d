/**
 * Tags as chips: type a tag and press Enter (or a comma) to add it, remove one with its × button, or
 * Backspace in the empty box to take back the last. The value stays the comma-separated text the series
 * form sends (finished tags end with ", "; what is after the last comma is still being typed).
 */
import { useId } from 'react';
import { useCatalogueT } from './messages';

export function tagsOf(value: string): { tags: string[]; pending: string } {
  const parts = value.split(',');
  const pending = (parts[parts.length - 1] ?? '').trimStart();
  const tags: string[] = [];
  for (const part of parts.slice(0, -1)) {
    const tag = part.trim();
    if (tag && !tags.some((known) => known.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  return { tags, pending };
}

export const tagsText = (tags: string[], pending = '') => (tags.length ? `${tags.join(', ')}, ${pending}` : pending);

export function TagsField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  const { t } = useCatalogueT();
  const { tags, pending } = tagsOf(value);
  const commit = () => {
    if (pending.trim()) onChange(tagsText(tagsOf(`${tagsText(tags, pending)},`).tags));
  };
  return (
    <div className="ch-field">
      <label htmlFor={id}>{t('tags.label')}</label>
      {tags.length > 0 && (
        <ul className="admin-tags" aria-label={t('tags.added')}>
          {tags.map((tag) => (
            <li key={tag} className="admin-tag">
              {tag}
              <button
                type="button"
                aria-label={t('tags.remove', { tag })}
                onClick={() =>
                  onChange(
                    tagsText(
                      tags.filter((t) => t !== tag),
                      pending,
                    ),
                  )
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        value={pending}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const typed = event.target.value;
          onChange(
            typed.includes(',')
              ? tagsText(tagsOf(tagsText(tags, typed)).tags, tagsOf(typed).pending)
              : tagsText(tags, typed),
          );
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && pending.trim()) {
            event.preventDefault();
            commit();
          }
          if (event.key === 'Backspace' && pending === '' && tags.length > 0) {
            onChange(tagsText(tags.slice(0, -1)));
          }
        }}
        onBlur={commit}
      />
      <p id={`${id}-hint`} className="ch-muted admin-hint">
        {t('tags.hint')}
      </p>
    </div>
  );
}
