import { heroImageOf, remoteLoaded } from '@cliffhanger/shared';
import { series } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { catalogStore } from '../../test/store';

let http: HttpMock;
const fetched: Array<{ src: string; fetchPriority: string }> = [];
const RealImage = window.Image;

beforeEach(() => {
  fetched.length = 0;
  window.Image = class {
    fetchPriority = 'auto';
    set src(value: string) {
      fetched.push({ src: value, fetchPriority: this.fetchPriority });
    }
  } as unknown as typeof Image;
  http = mockHttp((config) =>
    config.url === '/series/featured/'
      ? { status: 200, data: [series(1, { slider_image: '/media/1/slider.webp' }), series(2)] }
      : { status: 200, data: [] },
  );
});
afterEach(() => {
  http.restore();
  window.Image = RealImage;
  window.history.replaceState({}, '', '/');
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const featuredCalls = () => http.calls.filter((c) => c.url === '/series/featured/');

describe("the home screen's head start", () => {
  it('asks for the featured list as soon as the shell loads the catalogue for the home screen, and fetches the first hero image with high priority', async () => {
    const store = catalogStore();
    store.dispatch(remoteLoaded({ remote: 'catalog' }));
    await flush();
    await flush();
    expect(featuredCalls()).toHaveLength(1);
    expect(fetched).toEqual([{ src: '/media/1/slider.webp', fetchPriority: 'high' }]);
  });

  it('does nothing when the catalogue joins the page for another screen, or before the shell says it loaded', async () => {
    const store = catalogStore();
    await flush();
    expect(featuredCalls()).toHaveLength(0);
    window.history.replaceState({}, '', '/search');
    store.dispatch(remoteLoaded({ remote: 'catalog' }));
    await flush();
    expect(featuredCalls()).toHaveLength(0);
    expect(fetched).toHaveLength(0);
  });

  it("shows each slide's own art, else its banner, else its cover", () => {
    expect(heroImageOf(series(1, { slider_image: '/s.webp', banner_image: '/b.webp' }))).toBe('/s.webp');
    expect(heroImageOf(series(1, { banner_image: '/b.webp', cover_image: '/c.webp' }))).toBe('/b.webp');
    expect(heroImageOf(series(1, { cover_image: '/c.webp' }))).toBe('/c.webp');
  });
});
