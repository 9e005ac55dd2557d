import type { ReactNode } from 'react';
import { useId, useRef } from 'react';

/**
 * A titled horizontal row that scrolls by touch, trackpad or keyboard (the list is focusable).
 * `onScrolled` is told once, the first time the viewer scrolls the row.
 */
export function Carousel({
  title,
  children,
  className,
  onScrolled,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  onScrolled?: () => void;
}) {
  const headingId = useId();
  const scrolled = useRef(false);
  return (
    <section className={['carousel', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <h2 id={headingId} className="carousel-title">
        {title}
      </h2>
      <ul
        className="carousel-track"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-labelledby={headingId}
        onScroll={() => {
          if (scrolled.current) return;
          scrolled.current = true;
          onScrolled?.();
        }}
      >
        {children}
      </ul>
    </section>
  );
}

export function CarouselItem({ children }: { children: ReactNode }) {
  return <li className="carousel-item">{children}</li>;
}
