import { FIRST_HERO_PRELOAD_ID, HERO_IMAGE_SIZES } from '@cliffhanger/shared';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { series } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { catalogStore } from '../../test/store';
import { HeroSlider } from './hero-slider';

let http: HttpMock;
let answerFeatured: (() => void) | null = null;

beforeEach(() => {
  http = mockHttp(
    (config) =>
      new Promise((resolve) => {
        if (config.url !== '/series/featured/') return resolve(undefined);
        answerFeatured = () =>
          resolve({
            status: 200,
            data: [series(5, { title: 'Night Shift', title_en: 'Night Shift', slider_image: '/media/night.webp' })],
          });
      }),
  );
});

afterEach(() => {
  http.restore();
  answerFeatured = null;
  document.getElementById(FIRST_HERO_PRELOAD_ID)?.remove();
});

function renderSlider() {
  const { container } = render(
    <Provider store={catalogStore()}>
      <MemoryRouter>
        <HeroSlider />
      </MemoryRouter>
    </Provider>,
  );
  return container;
}

describe('hero slider while the featured list loads', () => {
  it('keeps showing the hero image the page preloaded, in the slide’s place, until the list arrives', async () => {
    const link = document.createElement('link');
    link.id = FIRST_HERO_PRELOAD_ID;
    link.setAttribute('href', '/media/night.webp');
    document.head.append(link);

    const container = renderSlider();
    expect(screen.getByRole('status')).toHaveTextContent('Loading featured series…');
    expect(container.querySelector('img.hero-image')).toHaveAttribute('src', '/media/night.webp');

    await waitFor(() => expect(answerFeatured).not.toBeNull());
    answerFeatured?.();
    expect(await screen.findByRole('heading', { name: 'Night Shift' })).toBeInTheDocument();
    expect(container.querySelector('img.hero-image')).toHaveAttribute('src', '/media/night.webp');
  });

  it('lets a phone download the slide in a rendition its size rather than the full-size art', async () => {
    const container = renderSlider();
    await waitFor(() => expect(answerFeatured).not.toBeNull());
    answerFeatured?.();
    await screen.findByRole('heading', { name: 'Night Shift' });
    const image = container.querySelector('img.hero-image');
    expect(image).toHaveAttribute('srcset', expect.stringContaining('/media/night.webp?w=360 360w'));
    expect(image).toHaveAttribute('sizes', HERO_IMAGE_SIZES);
  });

  it('shows an empty placeholder of the slide’s size when the page preloaded nothing', () => {
    const container = renderSlider();
    expect(screen.getByRole('status')).toHaveClass('hero--skeleton');
    expect(container.querySelector('img')).toBeNull();
  });
});
