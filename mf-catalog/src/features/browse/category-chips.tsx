import { type Category, localizedCategoryName } from '@cliffhanger/shared';
import { useCatalogT } from '../../messages';

/** Category filter chips: one pressed at a time, "All" clears the filter. */
export function CategoryChips({
  categories,
  selected,
  onSelect,
}: {
  categories: Category[];
  selected: string | null;
  onSelect: (slug: string | null) => void;
}) {
  const { t, language } = useCatalogT();
  const chips: Array<{ slug: string | null; name: string }> = [
    { slug: null, name: t('grid.all') },
    ...categories.map((category) => ({ slug: category.slug, name: localizedCategoryName(category, language) })),
  ];
  return (
    <fieldset className="chips">
      <legend className="ch-visually-hidden">{t('grid.filter')}</legend>
      {chips.map((chip) => (
        <button
          key={chip.slug ?? 'all'}
          type="button"
          className="chip"
          aria-pressed={selected === chip.slug}
          onClick={() => {
            if (selected !== chip.slug) onSelect(chip.slug);
          }}
        >
          {chip.name}
        </button>
      ))}
    </fieldset>
  );
}
