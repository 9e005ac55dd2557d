import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminEpisode, AdminSeries, Publishing } from '../../lib/api/admin.types';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { EditEpisode, NewEpisode } from './episode-screens';
import { EditSeries, NewSeries } from './series-screens';

// Several typed fields and a few requests per test: generous on a busy machine.
jest.setTimeout(20_000);

let http: HttpMock;
afterEach(() => http.restore());

const publishing: Publishing = {
  status: 'draft',
  published_at: null,
  publish_state: 'draft',
  publish_checklist: [],
};

const series: AdminSeries = {
  ...publishing,
  id: 7,
  title: 'Night Shift',
  title_en: 'Night Shift',
  slug: 'night-shift',
  description: 'A nurse on nights.',
  tags: [],
  category_ids: [],
  year: 2025,
  rating: null,
  total_episodes: null,
  episodes_count: 1,
  is_gold_exclusive: false,
  is_featured: false,
  is_trending: false,
  is_top: false,
  is_hidden: false,
  poster_image: null,
  cover_image: null,
  banner_image: null,
  slider_image: null,
  translations: { ru: { title: 'Ночная смена', description: 'Медсестра в ночную смену.' } },
  audio_language: 'ru',
  deleted_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const episode: AdminEpisode = {
  ...publishing,
  id: 41,
  series_id: 7,
  series_title: 'Night Shift',
  season_number: 1,
  episode_number: 1,
  position: 0,
  title: 'First night',
  description: 'It begins.',
  thumbnail: null,
  duration: 60,
  hls_url: null,
  video_url: null,
  is_free: true,
  coin_cost: 0,
  unlocks: 0,
  translations: { ru: { title: 'Первая ночь', description: 'Всё начинается.' } },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function serve(routes: Record<string, unknown>) {
  http = mockHttp((config) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url}`;
    return key in routes ? { status: 200, data: routes[key] } : undefined;
  });
}

const sent = (method: string, url: string) => {
  const call = http.calls.find((c) => c.method === method && c.url === url);
  return call ? JSON.parse(String(call.data)) : undefined;
};

describe('a series’ Russian title and description', () => {
  it('are sent with a new series, with the audio language staff chose', async () => {
    serve({ 'POST /admin/series/': { ...series, id: 31 }, 'GET /categories/': [] });
    renderAdmin(<NewSeries />, { path: '/admin/series/new' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Night Shift');
    expect(screen.getByLabelText('Audio language')).toHaveValue('en');
    await user.selectOptions(screen.getByLabelText('Audio language'), 'ru');
    await user.type(screen.getByLabelText('Russian title'), ' Ночная смена ');
    await user.type(screen.getByLabelText('Russian description'), 'Медсестра в ночную смену.');
    await user.click(screen.getByRole('button', { name: 'Create series' }));
    await waitFor(() => expect(sent('POST', '/admin/series/')).toBeDefined());
    expect(sent('POST', '/admin/series/')).toMatchObject({
      title: 'Night Shift',
      audio_language: 'ru',
      translations: { ru: { title: 'Ночная смена', description: 'Медсестра в ночную смену.' } },
    });
  });

  it('are filled in when the series is edited, and a change is saved', async () => {
    serve({ 'GET /admin/series/7/': series, 'PATCH /admin/series/7/': series, 'GET /categories/': [] });
    renderAdmin(<EditSeries />, { path: '/admin/series/7/edit', route: '/admin/series/:id/edit' });
    const user = userEvent.setup();
    const title = await screen.findByLabelText('Russian title');
    expect(title).toHaveValue('Ночная смена');
    expect(screen.getByLabelText('Russian description')).toHaveValue('Медсестра в ночную смену.');
    expect(screen.getByLabelText('Audio language')).toHaveValue('ru');
    await user.clear(title);
    await user.type(title, 'Ночная смена: 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent('PATCH', '/admin/series/7/')).toBeDefined());
    expect(sent('PATCH', '/admin/series/7/')).toMatchObject({
      translations: { ru: { title: 'Ночная смена: 2', description: 'Медсестра в ночную смену.' } },
    });
    // Unchanged, so not sent again.
    expect(sent('PATCH', '/admin/series/7/')).not.toHaveProperty('audio_language');
  });

  it('left empty on a new series are not sent, and the series is spoken in English', async () => {
    serve({ 'POST /admin/series/': { ...series, id: 31 }, 'GET /categories/': [] });
    renderAdmin(<NewSeries />, { path: '/admin/series/new' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Night Shift');
    await user.click(screen.getByRole('button', { name: 'Create series' }));
    await waitFor(() => expect(sent('POST', '/admin/series/')).toBeDefined());
    const body = sent('POST', '/admin/series/');
    expect(body).not.toHaveProperty('translations');
    expect(body).not.toHaveProperty('audio_language');
  });

  it('cleared on an existing series are sent empty, so the Russian text goes; a new audio language is sent', async () => {
    serve({ 'GET /admin/series/7/': series, 'PATCH /admin/series/7/': series, 'GET /categories/': [] });
    renderAdmin(<EditSeries />, { path: '/admin/series/7/edit', route: '/admin/series/:id/edit' });
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Russian title'));
    await user.clear(screen.getByLabelText('Russian description'));
    await user.selectOptions(screen.getByLabelText('Audio language'), 'en');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent('PATCH', '/admin/series/7/')).toBeDefined());
    expect(sent('PATCH', '/admin/series/7/')).toMatchObject({ audio_language: 'en', translations: { ru: {} } });
  });
});

describe('an episode’s Russian title and description', () => {
  it('are sent with a new episode', async () => {
    serve({ 'POST /admin/series/7/episodes/': { ...episode, id: 42 } });
    renderAdmin(<NewEpisode />, {
      path: '/admin/series/7/episodes/new',
      route: '/admin/series/:seriesId/episodes/new',
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Second night');
    await user.type(screen.getByLabelText('Russian title'), 'Вторая ночь');
    await user.type(screen.getByLabelText('Russian description'), 'Всё продолжается.');
    await user.click(screen.getByRole('button', { name: 'Create episode' }));
    await waitFor(() => expect(sent('POST', '/admin/series/7/episodes/')).toBeDefined());
    expect(sent('POST', '/admin/series/7/episodes/')).toMatchObject({
      title: 'Second night',
      translations: { ru: { title: 'Вторая ночь', description: 'Всё продолжается.' } },
    });
  });

  it('are filled in when the episode is edited, and a change is saved', async () => {
    serve({ 'GET /admin/episodes/41/': episode, 'PATCH /admin/episodes/41/': episode });
    renderAdmin(<EditEpisode />, { path: '/admin/episodes/41/edit', route: '/admin/episodes/:episodeId/edit' });
    const user = userEvent.setup();
    const description = await screen.findByLabelText('Russian description');
    expect(screen.getByLabelText('Russian title')).toHaveValue('Первая ночь');
    expect(description).toHaveValue('Всё начинается.');
    await user.clear(description);
    await user.type(description, 'Смена начинается.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent('PATCH', '/admin/episodes/41/')).toBeDefined());
    expect(sent('PATCH', '/admin/episodes/41/')).toMatchObject({
      translations: { ru: { title: 'Первая ночь', description: 'Смена начинается.' } },
    });
  });
});

describe('an episode of a Gold-exclusive series', () => {
  const gold = { ...series, is_gold_exclusive: true };
  const paid = { ...episode, is_free: false, coin_cost: 0, translations: {} };

  it('has no coin price to fill in, says it opens with Gold only, and is saved without a price', async () => {
    serve({ 'GET /admin/episodes/41/': paid, 'GET /admin/series/7/': gold, 'PATCH /admin/episodes/41/': paid });
    renderAdmin(<EditEpisode />, { path: '/admin/episodes/41/edit', route: '/admin/episodes/:episodeId/edit' });
    const user = userEvent.setup();
    expect(await screen.findByText(/its paid episodes open with Gold only and have no coin price/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Coin cost')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), ' again');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent('PATCH', '/admin/episodes/41/')).toBeDefined());
    expect(sent('PATCH', '/admin/episodes/41/')).toMatchObject({ title: 'First night again', is_free: false });
    expect(sent('PATCH', '/admin/episodes/41/')).not.toHaveProperty('coin_cost');
  });
});
