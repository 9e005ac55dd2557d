/**
 * The featured hero slider: one wide slide at a time with previous / next buttons and dots, moving on
 * by itself every few seconds unless the viewer hovers, focuses it or prefers reduced motion.
 */
import {
  Button,
  ErrorNotice,
  firstHeroImage,
  HERO_IMAGE_SIZES,
  heroImageOf,
  Icon,
  localizedDescription,
  localizedTitle,
  MediaImage,
  paths,
  responsiveImage,
  type Series,
} from '@cliffhanger/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCatalogFeaturedSeriesQuery } from '../../lib/catalogue.api';
import { useCatalogT } from '../../messages';

export const HERO_AUTO_ADVANCE_MS = 6_000;

/** A slide's image with the renditions a phone can pick instead of the full-size art. */
const heroSources = (src: string | null) => (src ? responsiveImage(src, HERO_IMAGE_SIZES) : { src });

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function HeroSlides({ slides, onOpen }: { slides: Series[]; onOpen?: (series: Series) => void }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  const current = count ? slides[index % count] : null;
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const { t, language } = useCatalogT();

  useEffect(() => {
    if (count < 2 || paused || prefersReducedMotion()) return;
    timer.current = setInterval(() => setIndex((i) => (i + 1) % count), HERO_AUTO_ADVANCE_MS);
    return () => {
      if (timer.current) clearInterval(timer.current);
    };
  }, [count, paused]);

  if (!current) return null;
  const go = (next: number) => setIndex((next + count) % count);
  const title = localizedTitle(current, language);
  return (
    <section
      className="hero"
      aria-label={t('hero.region')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="hero-slide">
        <span className="ch-visually-hidden">{t('hero.slide', { number: index + 1, count })}</span>
        <MediaImage
          {...heroSources(heroImageOf(current))}
          kind="cover"
          className="hero-image"
          alt=""
          loading="eager"
          fetchPriority="high"
        />
        <div className="hero-text">
          {current.is_gold_exclusive && <span className="series-card-gold hero-gold">{t('gold.exclusive')}</span>}
          <h2 className="hero-title">{title}</h2>
          <p className="hero-description">{localizedDescription(current, language)}</p>
          <Link to={paths.series(current.id)} className="ch-button" onClick={() => onOpen?.(current)}>
            {t('hero.watch')}
            <span className="ch-visually-hidden">: {title}</span>
          </Link>
        </div>
      </div>
      {count > 1 && (
        <div className="hero-controls">
          <Button variant="ghost" className="hero-arrow" aria-label={t('hero.previous')} onClick={() => go(index - 1)}>
            <Icon name="left" />
          </Button>
          <div className="hero-dots">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className={`hero-dot${i === index ? ' hero-dot--active' : ''}`}
                aria-label={t('hero.show', { title: localizedTitle(slide, language) })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <Button variant="ghost" className="hero-arrow" aria-label={t('hero.next')} onClick={() => go(index + 1)}>
            <Icon name="right" />
          </Button>
        </div>
      )}
    </section>
  );
}

export function HeroSlider({ onOpen }: { onOpen?: (series: Series) => void } = {}) {
  const { data, isLoading, isError, refetch } = useCatalogFeaturedSeriesQuery();
  const { t } = useCatalogT();
  if (isLoading) {
    // The page may have preloaded the first slide's image (and shown it while starting): keep showing
    // it in the slide's place until the list arrives, rather than blanking it.
    const preview = firstHeroImage();
    return (
      <div className={`hero${preview ? '' : ' hero--skeleton'}`} role="status">
        <span className="ch-visually-hidden">{t('hero.loading')}</span>
        {preview && (
          <div className="hero-slide">
            <img {...responsiveImage(preview, HERO_IMAGE_SIZES)} className="hero-image" alt="" fetchPriority="high" />
          </div>
        )}
      </div>
    );
  }
  if (isError) return <ErrorNotice message={t('series.loadError')} onRetry={refetch} />;
  return data && data.length > 0 ? <HeroSlides slides={data} onOpen={onOpen} /> : null;
}
