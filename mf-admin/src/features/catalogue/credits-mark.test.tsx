import { setLanguage } from '@cliffhanger/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminEpisode } from '../../lib/api/admin.types';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { EditEpisode } from './episode-screens';

jest.setTimeout(20_000);

let http: HttpMock;
afterEach(async () => {
  http?.restore();
  await setLanguage('en');
});

const EPISODE: AdminEpisode = {
  id: 14,
  series_id: 7,
  series_title: 'Night Shift',
  season_number: 1,
  episode_number: 3,
  position: 2,
  title: 'The call',
  description: '',
  translations: {},
  thumbnail: null,
  duration: 118,
  credits_start: null,
  hls_url: '/media/x/master.m3u8',
  video_url: null,
  is_free: true,
  coin_cost: 0,
  unlocks: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  status: 'published',
  published_at: '2026-01-01T00:00:00.000Z',
  publish_state: 'published',
  publish_checklist: [],
};

function renderEditor() {
  const saved: unknown[] = [];
  http = mockHttp((config) => {
    if (config.url === '/admin/episodes/14/' && config.method?.toUpperCase() === 'PATCH') {
      const body = JSON.parse(config.data as string);
      saved.push(body);
      return { status: 200, data: { ...EPISODE, ...body } };
    }
    if (config.url === '/admin/episodes/14/') return { status: 200, data: EPISODE };
    return undefined;
  });
  renderAdmin(<EditEpisode />, { path: '/admin/episodes/14/edit', route: '/admin/episodes/:episodeId/edit' });
  return saved;
}

describe('the credits mark in the episode editor', () => {
  it('refuses a mark at or past the end of the episode, with a clear error, and saves nothing', async () => {
    const saved = renderEditor();
    const field = await screen.findByRole('textbox', { name: /Credits start \(seconds\)/ });
    expect(field).toHaveAccessibleDescription(/runs 118 s; left empty, its last 10 s count as credits/);
    await userEvent.type(field, '118');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(field).toHaveAccessibleDescription(
      /Enter a time after 0 and before the end of the episode \(118 s\), or leave it empty/,
    );
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(field).toHaveAccessibleDescription(/Enter a time after 0/);
    expect(saved).toEqual([]);
  });

  it('sets a mark inside the episode (a comma is a decimal point) and clears it when left empty', async () => {
    const saved = renderEditor();
    const field = await screen.findByRole('textbox', { name: /Credits start \(seconds\)/ });
    await userEvent.type(field, '110,5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((body) => (body as { credits_start: unknown }).credits_start)).toEqual([110.5, null]);
  });
});
