import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminLayout, revealCurrentSection } from './admin-layout';

/** jsdom lays nothing out: the strip's and the link's geometry, as a 390 px phone has them. */
function lay(
  element: HTMLElement,
  box: Partial<Record<'offsetLeft' | 'offsetWidth' | 'clientWidth' | 'scrollWidth', number>>,
) {
  for (const [key, value] of Object.entries(box)) Object.defineProperty(element, key, { value, configurable: true });
}

describe('the staff section strip on a phone', () => {
  it('scrolls so the current section is in view, centred', () => {
    render(
      <MemoryRouter initialEntries={['/admin/media']}>
        <AdminLayout title="Media library" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Staff sections' });
    const media = screen.getByRole('link', { name: 'Media' });
    expect(media).toHaveClass('active');
    lay(nav, { clientWidth: 390, scrollWidth: 1000 });
    lay(media, { offsetLeft: 420, offsetWidth: 70 });
    revealCurrentSection(nav);
    expect(nav.scrollLeft).toBe(420 - (390 - 70) / 2);
  });

  it('leaves a strip that fits as it is', () => {
    render(
      <MemoryRouter initialEntries={['/admin/media']}>
        <AdminLayout title="Media library" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Staff sections' });
    lay(nav, { clientWidth: 220, scrollWidth: 220 });
    nav.scrollLeft = 0;
    revealCurrentSection(nav);
    expect(nav.scrollLeft).toBe(0);
  });
});
