import { localizedTitle, MediaImage, paths, type Series } from '@cliffhanger/shared';
import { Link } from 'react-router-dom';
import { useCatalogT } from '../messages';

/** A poster card leading to the series; Gold exclusives carry a visible and spoken Gold mark. */
export function SeriesCard({ series, onOpen }: { series: Series; onOpen?: (series: Series) => void }) {
  const { t, language } = useCatalogT();
  return (
    <Link to={paths.series(series.id)} className="series-card" onClick={() => onOpen?.(series)}>
      <MediaImage src={series.poster_image ?? series.cover_image} className="ch-poster" alt="" />
      {series.is_gold_exclusive && (
        <span className="series-card-gold" aria-hidden="true">
          Gold
        </span>
      )}
      <span className="series-card-title">
        {localizedTitle(series, language)}
        {series.is_gold_exclusive && <span className="ch-visually-hidden">, {t('card.goldExclusive')}</span>}
      </span>
    </Link>
  );
}
