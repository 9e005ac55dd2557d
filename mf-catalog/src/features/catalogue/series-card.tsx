import { MediaImage, paths, type Series } from '@cliffhanger/shared';
import { Link } from 'react-router-dom';

/** A poster card leading to the series; Gold exclusives carry a visible and spoken Gold mark. */
export function SeriesCard({ series, onOpen }: { series: Series; onOpen?: (series: Series) => void }) {
  return (
    <Link to={paths.series(series.id)} className="series-card" onClick={() => onOpen?.(series)}>
      <MediaImage src={series.poster_image ?? series.cover_image} className="ch-poster" alt="" />
      {series.is_gold_exclusive && (
        <span className="series-card-gold" aria-hidden="true">
          Gold
        </span>
      )}
      <span className="series-card-title">
        {series.title}
        {series.is_gold_exclusive && <span className="ch-visually-hidden">, Gold exclusive</span>}
      </span>
    </Link>
  );
}
