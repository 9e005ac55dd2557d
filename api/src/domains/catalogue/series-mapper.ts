/**
 * Catalogue rows to their wire shapes, once: the fields a series answer carries as stored are the same
 * for viewers (`Series`, catalogue.service.ts) and staff (`AdminSeries`, series-editing.service.ts);
 * each adds only what its own answer has (seasons and categories, or the publish state and checklist).
 */
import type { Category } from '@cliffhanger/shared/entities';
import type { AppContext } from '../../context';
import type { CategoryRow, SeriesRow } from '../../db/schema';
import { parseTags } from './tags';
import { parseTranslations } from './translations';

/** The stored fields every series answer shows, with its images as addresses on the media host. */
export function seriesFields(ctx: Pick<AppContext, 'mediaUrl'>, row: SeriesRow) {
  return {
    id: row.id,
    title: row.title,
    title_en: row.title_en,
    slug: row.slug,
    description: row.description,
    translations: parseTranslations(row.translations),
    audio_language: row.audio_language,
    cover_image: ctx.mediaUrl(row.cover_image),
    banner_image: ctx.mediaUrl(row.banner_image),
    poster_image: ctx.mediaUrl(row.poster_image),
    slider_image: ctx.mediaUrl(row.slider_image),
    tags: parseTags(row.tags),
    year: row.year,
    rating: row.rating,
    is_gold_exclusive: Boolean(row.is_gold_exclusive),
    is_featured: Boolean(row.is_featured),
    is_trending: Boolean(row.is_trending),
    is_top: Boolean(row.is_top),
    created_at: row.created_at,
  };
}

export function toCategoryDto(
  row: Pick<CategoryRow, 'id' | 'name' | 'slug' | 'icon' | 'color' | 'translations'>,
): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    icon: row.icon,
    color: row.color,
    translations: parseTranslations(row.translations),
  };
}
